import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { enqueue } from '../src/db/outbox';
import { PortalDb } from '../src/db/schema';
import { SETTING } from '../src/db/settings';
import { pullLastData } from './lastData';
import { replayOutbox } from './outbox';
import { notificationFor, openPath, parsePush, storePushAlert } from './push';
import { isServerPath } from './routes';

const tempDb = () => new PortalDb(`sw-${Math.random()}`);
const user = { _id: 'u1', email: 'a@b.c', verified: true };

describe('service worker', () => {
  it('app routes get the shell; API, ingest and files do not', () => {
    for (const p of [
      '/',
      '/dashboard',
      '/alert',
      '/login/reset/verify',
      '/subscription/abc/payment',
      '/help',
      '/admin/users',
      '/admin/ingest',
    ])
      expect(isServerPath(p), p).toBe(false);
    for (const p of [
      '/weatherDevices',
      '/alerts',
      '/users/pic/u1',
      '/socket.io/',
      '/data/upload.php',
      '/help/wiring.png',
      '/shareInvitations',
      '/uploadTargets/x',
      '/admin/users/u1',
      '/pws/update',
    ])
      expect(isServerPath(p), p).toBe(true);
  });

  it('Background Sync replays the outbox over REST with the token and Idempotency-Key, once', async () => {
    const db = tempDb();
    await db.settings.put({ key: SETTING.auth, value: { accessToken: 'jwt', user } });
    await db.devices.put({
      _id: 'd1',
      wsid: 'W',
      name: 'Old',
      user: 'u1',
      shareUsers: [],
      consoletype: 0,
      timezone: 'UTC',
      channelNameMapping: [],
      shareMode: 'private',
    });
    const row = await db.transaction('rw', db.outbox, () =>
      enqueue(db, { service: 'weatherDevices', method: 'patch', recordId: 'd1', data: { name: 'New' } }),
    );
    const seen: Request[] = [];
    const fetchFake = (async (url: string, init: RequestInit) => {
      seen.push(new Request(url, init));
      return new Response(
        JSON.stringify({
          _id: 'd1',
          wsid: 'W',
          name: 'New',
          user: 'u1',
          shareUsers: [],
          channelNameMapping: [],
        }),
      );
    }) as unknown as typeof fetch;
    expect(await replayOutbox(db, 'https://portal.example', fetchFake)).toBe(1);
    expect(await replayOutbox(db, 'https://portal.example', fetchFake)).toBe(0);
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('https://portal.example/weatherDevices/d1');
    expect(seen[0].method).toBe('PATCH');
    expect(seen[0].headers.get('authorization')).toBe('Bearer jwt');
    expect(seen[0].headers.get('idempotency-key')).toBe(row.id);
    expect((await db.devices.get('d1'))?.name).toBe('New');
  });

  it('a failed replay throws so the browser retries the sync later, keeping the edit', async () => {
    const db = tempDb();
    await db.settings.put({ key: SETTING.auth, value: { accessToken: 'jwt', user } });
    await db.transaction('rw', db.outbox, () =>
      enqueue(db, { service: 'weatherDevices', method: 'patch', recordId: 'd1', data: { name: 'New' } }),
    );
    const down = (async () => new Response('{"message":"down"}', { status: 503 })) as unknown as typeof fetch;
    await expect(replayOutbox(db, 'https://p', down)).rejects.toThrow(/1 left/);
    expect(await db.outbox.count()).toBe(1);
  });

  it('periodic sync pulls batchLastData into live rows', async () => {
    const db = tempDb();
    await db.settings.put({ key: SETTING.auth, value: { accessToken: 'jwt', user } });
    await db.devices.bulkPut(
      ['d1', 'd2'].map((id) => ({
        _id: id,
        wsid: id,
        name: id,
        user: 'u1',
        shareUsers: [],
        consoletype: 0,
        timezone: 'UTC',
        channelNameMapping: [],
        shareMode: 'private' as const,
      })),
    );
    let url = '';
    const now = Math.floor(Date.now() / 1000);
    const fetchFake = (async (u: string) => {
      url = u;
      return new Response(
        JSON.stringify([
          ['device', 'time', 'tempc0'],
          [
            ['d1', now, 20.5],
            ['d2', now - 30, 18],
          ],
        ]),
      );
    }) as unknown as typeof fetch;
    expect(await pullLastData(db, 'https://p', fetchFake)).toBe(2);
    expect(decodeURIComponent(url)).toBe(
      'https://p/weatherMetrics/batchLastData?devices[0]=d1&devices[1]=d2',
    );
    expect((await db.live.toArray()).map((r) => [r.device, r.tempc0])).toEqual([
      ['d1', 20.5],
      ['d2', 18],
    ]);
  });

  it('push shows title/body/path and stores an active alert', async () => {
    const db = tempDb();
    const payload = parsePush(
      JSON.stringify({
        title: 'Garden: temperature above 30 °C',
        body: '31.2 °C',
        data: {
          path: '/dashboard?device=d1',
          alert: { _id: 'a1', device: 'd1', status: 'active', item: 'tempc0', lastTrigger: 1700000000 },
        },
      }),
    );
    const { title, options } = notificationFor(payload);
    expect(title).toBe('Garden: temperature above 30 °C');
    expect(options.body).toBe('31.2 °C');
    expect(options.data.path).toBe('/dashboard?device=d1');
    await storePushAlert(db, payload);
    expect((await db.alerts.get('a1'))?.item).toBe('tempc0');
    expect(notificationFor(parsePush('plain text')).options).toMatchObject({
      body: 'plain text',
      data: { path: '/dashboard' },
    });
  });

  it('an FCM message (title and body in notification, the alert as JSON text) is shown and stored alike', async () => {
    const db = tempDb();
    const alert = { _id: 'a2', device: 'd1', status: 'active', item: 'humc0', lastTrigger: 1700000000 };
    const payload = parsePush(
      JSON.stringify({
        from: '1234',
        notification: { title: 'Garden: alert', body: 'Outdoor humidity below 20 %: 15 %' },
        data: {
          path: '/dashboard?device=d1',
          url: 'https://weather.example/dashboard?device=d1',
          alert: JSON.stringify(alert),
        },
      }),
    );
    const { title, options } = notificationFor(payload);
    expect(title).toBe('Garden: alert');
    expect(options.body).toBe('Outdoor humidity below 20 %: 15 %');
    expect(options.tag).toBe('a2');
    expect(options.data.path).toBe('/dashboard?device=d1');
    await storePushAlert(db, payload);
    expect((await db.alerts.get('a2'))?.item).toBe('humc0');
  });

  it('notification click focuses an open window and posts navigate, else opens one', async () => {
    const log: unknown[] = [];
    const win = {
      url: 'https://p/dashboard',
      focus: async () => log.push('focus'),
      postMessage: (m: unknown) => log.push(m),
    };
    const open = async (u: string) => log.push(['open', u]);
    await openPath('/alert', 'https://p', [win], open);
    expect(log).toEqual([{ type: 'navigate', path: '/alert' }, 'focus']);
    log.length = 0;
    await openPath('/alert', 'https://p', [], open);
    expect(log).toEqual([['open', '/alert']]);
    // A refused focus (InvalidAccessError) still navigates the window.
    log.length = 0;
    const refusing = { ...win, focus: () => Promise.reject(new Error('Not allowed to focus a window.')) };
    await openPath('/alert', 'https://p', [refusing], open);
    expect(log).toEqual([{ type: 'navigate', path: '/alert' }]);
  });
});
