// The native-app bridge (spec §1), as an app uses it: its page (another origin, allowed by EMBED_ORIGINS) holds
// the portal in an iframe and talks to it through postMessage; the portal knows the app by the user-agent
// marker. The app's page here is a plain HTML page of this test's own HTTP server.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { OwnServer } from './server';

const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 WeatherPortalApp/2.3.0';

/** The app's page: the portal in a frame, every message kept, `ready` answered, calls into the portal. */
const appPage = (portal: string) => `<!doctype html><meta charset="utf-8"><title>app</title>
<iframe id="portal" src="${portal}/help" style="width:900px;height:700px"></iframe>
<script>
  const frame = document.getElementById('portal');
  window.messages = [];
  addEventListener('message', (e) => {
    if (e.source !== frame.contentWindow || e.origin !== '${portal}') return;
    window.messages.push(e.data);
    if (e.data.type === 'call' && e.data.method === 'ready')
      e.source.postMessage({ bridge: 'weather-portal', type: 'reply', id: e.data.id, result: { ok: true } }, e.origin);
  });
  let next = 0;
  window.callPortal = (method, params) => {
    const id = 'app-' + ++next;
    frame.contentWindow.postMessage({ bridge: 'weather-portal', type: 'call', id, method, params }, '${portal}');
    return id;
  };
</script>`;

let portal: OwnServer;
let app: Server;
let appOrigin: string;

test.use({ userAgent: UA });

test.beforeAll(async () => {
  app = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(appPage(portal.base));
  }).listen(0, '127.0.0.1');
  await once(app, 'listening');
  appOrigin = `http://127.0.0.1:${(app.address() as { port: number }).port}`;
  portal = await OwnServer.create(undefined, { EMBED_ORIGINS: appOrigin });
  await portal.start();
});

test.afterAll(async () => {
  await portal.stop();
  app.close();
});

type Message = {
  type: string;
  id: string;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { code: string };
  data?: unknown;
};
type AppWindow = Window & { messages: Message[]; callPortal(method: string, params?: unknown): string };

test('the app and the portal exchange calls, replies and callbacks through the frame', async ({ page }) => {
  await page.goto(appOrigin);
  const frame = page.frameLocator('#portal');
  await expect(frame.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();

  // The portal says it is ready, with its version, the app's (from the user agent) and what it offers.
  const ready = await page.waitForFunction(() =>
    (window as unknown as AppWindow).messages.find((m) => m.type === 'call' && m.method === 'ready'),
  );
  const { params } = (await ready.jsonValue()) as Message;
  expect(params).toMatchObject({ app: '2.3.0', path: '/help' });
  expect(params?.methods).toEqual(
    expect.arrayContaining(['route.get', 'route.open', 'route.watch', 'station.open', 'push.token']),
  );

  /** Calls the portal from the app's page; resolves with its reply. */
  const call = async (method: string, params?: unknown) => {
    const id = await page.evaluate(
      ([m, p]) => (window as unknown as AppWindow).callPortal(m as string, p),
      [method, params],
    );
    const reply = await page.waitForFunction(
      (i) => (window as unknown as AppWindow).messages.find((m) => m.type === 'reply' && m.id === i),
      id,
    );
    return { id, reply: (await reply.jsonValue()) as Message };
  };

  expect((await call('route.get')).reply.result).toEqual({ path: '/help' });
  const watch = await call('route.watch');
  expect(watch.reply.result).toEqual({ path: '/help' });
  expect((await call('route.open', { path: '/faq' })).reply.result).toEqual({ path: '/faq' });
  await expect(frame.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  // The watch's callback told the app about the move.
  await page.waitForFunction(
    (i) =>
      (window as unknown as AppWindow).messages.some(
        (m) => m.type === 'callback' && m.id === i && (m.data as { path?: string })?.path === '/faq',
      ),
    watch.id,
  );
  expect((await call('no.such.method')).reply.error).toMatchObject({ code: 'unknown-method' });
  expect((await call('route.open', { path: '//evil.example/' })).reply.error).toMatchObject({
    code: 'bad-params',
  });
  await page.screenshot({ path: 'test-results/native-bridge/app-page.png' });
});

test('another origin may not frame the portal', async ({ page }) => {
  // The same app page under localhost's other name: an origin EMBED_ORIGINS does not list. The browser refuses
  // to show the portal in its frame (an error page instead).
  await page.goto(appOrigin.replace('127.0.0.1', 'localhost'));
  await expect
    .poll(
      () =>
        page
          .frames()
          .find((f) => f !== page.mainFrame())
          ?.url() ?? '',
    )
    .toMatch(/^chrome-error:/);
  await expect(page.frameLocator('#portal').getByRole('heading', { name: 'Help' })).toHaveCount(0);
});
