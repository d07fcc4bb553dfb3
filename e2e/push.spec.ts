// Web Push (docs/architecture.md §4 service worker): a push message shows a notification and stores the alert in
// Dexie; clicking it brings the open window to the notification's path (the server's alert push payload).
import { expect, test } from '@playwright/test';
import { addStation, api, controlled, device, jwt, readStore, signUp, upload } from './helpers';

interface AlertRecord {
  _id: string;
  device: string;
  item: string;
  status: string;
  lastTrigger: number;
  message: string;
}

/** What the tests use of the service worker's global scope (the e2e types have no WebWorker lib). */
interface SwScope {
  registration: { getNotifications(): Promise<Notification[]> };
  dispatchEvent(event: Event): boolean;
}
/** The service worker's NotificationEvent (exists there, not in the page's DOM types). */
declare const NotificationEvent: new (type: string, init: { notification: Notification }) => Event;

test('a push alert is stored and its notification click opens its path', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const account = await signUp(page, 'push');
  const station = await addStation(page);
  // A second station, selected last: the alert's link must open the first one all the same (issue #12).
  await addStation(page, 'Roof');
  const token = await jwt(request, account);
  const { _id: deviceId, timezone } = await device(request, token, station.wsid);
  await controlled(page);
  // No window of the app is open when the alert is raised and pushed: only the service worker can store it.
  await page.goto('about:blank');

  // A rule (temperature above 30 °C, by notification) and two readings crossing it: the server raises an alert.
  const rule = await request.post('/alertSettings', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      weatherDevice: deviceId,
      settings: [{ item: 'tempc0', condition: 'above', value: 30, unit: 'C', method: 'notification' }],
      disableAll: false,
    },
  });
  expect(rule.status()).toBe(201);
  const now = Math.floor(Date.now() / 1000);
  await upload(request, station, { t1tem: 29.5, t1hum: 40 }, { time: now - 60, timeZone: timezone });
  await upload(request, station, { t1tem: 31.2, t1hum: 40 }, { time: now, timeZone: timezone });
  let alert: AlertRecord | undefined;
  await expect
    .poll(async () => {
      [alert] = await api<AlertRecord[]>(request, token, `/alerts?device=${deviceId}&$paginate=false`);
      return alert?.item;
    })
    .toBe('tempc0');

  // The registration id DevTools knows the service worker by.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const reg = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseURL!));
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');

  // What server/notify/notifier.ts pushes for it (this test has no push service: DevTools delivers it).
  const path = `/dashboard?device=${deviceId}`;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId: await registrationId,
    data: JSON.stringify({
      title: 'Garden: Temperature above 30 °C',
      body: alert!.message,
      data: { path, alert },
    }),
  });

  // Shown as a notification carrying the path, and stored in Dexie for the alert list.
  const [sw] = context.serviceWorkers();
  await expect
    .poll(() =>
      sw.evaluate(async () =>
        (await (self as unknown as SwScope).registration.getNotifications()).map((n: Notification) => ({
          title: n.title,
          path: (n.data as { path?: string }).path,
        })),
      ),
    )
    .toEqual([{ title: 'Garden: Temperature above 30 °C', path }]);
  await expect.poll(() => sw.evaluate(readStore, 'alerts')).toEqual([alert]);

  // The app is opened again (elsewhere); the notification is still there to be clicked.
  await page.goto('/devices');
  await expect(page.getByRole('button', { name: 'Add station' })).toBeVisible();

  // A click on it: the service worker's notificationclick sends this window to the path and focuses it. DevTools
  // cannot click a notification, so the event is dispatched in the service worker; the browser refuses focus()
  // for such an event, as it may for a real click (sw/push.ts navigates first).
  await sw.evaluate(async () => {
    const scope = self as unknown as SwScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  });
  // The dashboard opens the alerting station (the parameter goes once it is selected).
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Garden');
  await expect
    .poll(
      async () =>
        ((await page.evaluate(readStore, 'settings')) as { key: string; value: unknown }[]).find(
          (r) => r.key === 'lastViewDevice',
        )?.value,
    )
    .toBe(deviceId);
  await expect
    .poll(() =>
      sw.evaluate(async () => (await (self as unknown as SwScope).registration.getNotifications()).length),
    )
    .toBe(0);

  // The alert is listed with the station's active alerts (from Dexie, as the server has it too).
  await page.goto('/alert');
  await expect(page.getByRole('list', { name: 'Active alerts' }).getByRole('listitem')).toHaveText([
    new RegExp(alert!.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  ]);
});
