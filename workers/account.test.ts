import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { setAuth } from '../src/db/authStorage';
import { getSetting, SETTING, setSetting, weatherServerKey } from '../src/db/settings';
import {
  cancelExport,
  changePassword,
  exportUrl,
  loadAccount,
  loadWeatherServer,
  OFFLINE_MESSAGE,
  regenerateStationKey,
  runExport,
} from './account';
import type { WeatherServerView } from './api';
import { fakeConnection, tempDb } from './testing';

const db = tempDb();
afterAll(() => db.delete());
beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  await setAuth(db, { accessToken: 'jwt', user: { _id: 'u1', email: 'a@b.co', verified: true } });
});

function deps(handlers: Parameters<typeof fakeConnection>[0], connected = true, f?: typeof fetch) {
  const fake = fakeConnection(handlers);
  Object.assign(fake.conn, { db, connected });
  return { ...fake, deps: { conn: fake.conn, fetch: f } };
}

const VIEW = {
  serverName: 'wx.example:8080',
  stationId: 'W1',
  stationKey: 'OLDKEY',
  lastUpload: 100,
  protocols: [{ protocol: 'wslink', settings: [['Station key', 'OLDKEY']] as [string, string][] }],
  unmapped: { foo: '1' },
};

describe('account actions', () => {
  it('sends the password change; offline it fails at once without a call', async () => {
    const ok = deps({ 'create users/password': () => ({ changed: true }) });
    await changePassword(ok.deps, { oldPassword: 'a', password: 'bbbbbbbb', confirmPassword: 'bbbbbbbb' });
    expect(ok.calls[0]).toMatchObject({ path: 'users/password', data: { oldPassword: 'a' } });

    const off = deps({}, false);
    await expect(
      changePassword(off.deps, { oldPassword: 'a', password: 'bbbbbbbb', confirmPassword: 'bbbbbbbb' }),
    ).rejects.toMatchObject({ message: OFFLINE_MESSAGE, code: 0 });
    expect(off.calls).toEqual([]);
  });

  it('a change made while the first connect is under way waits for it, not failing as offline', async () => {
    // A page used at once after a reload (the e2e import page clicked "Check the file" before its socket was up).
    const connecting = deps({ 'create users/password': () => ({ changed: true }) }, false);
    let connect = () => {};
    Object.assign(connecting.conn, {
      whenConnected: () => new Promise<void>((resolve) => (connect = resolve)),
    });
    const change = changePassword(connecting.deps, {
      oldPassword: 'a',
      password: 'bbbbbbbb',
      confirmPassword: 'bbbbbbbb',
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(connecting.calls).toEqual([]);
    Object.assign(connecting.conn, { connected: true });
    connect();
    await change;
    expect(connecting.calls[0]).toMatchObject({ path: 'users/password' });
  });

  it('keeps users/me and the weather-server view in settings for offline visits', async () => {
    const me = { user: { _id: 'u1', email: 'a@b.co', firstName: 'Ann' }, membership: 'free', devices: 1 };
    const on = deps({ 'find users/me': () => me, 'find weatherServer': () => VIEW });
    expect(await loadAccount(on.deps)).toEqual(me);
    expect(await loadWeatherServer(on.deps, 'd1')).toMatchObject(VIEW);
    expect(on.calls.find((c) => c.path === 'weatherServer')?.query).toEqual({ device: 'd1' });

    const off = deps({}, false);
    expect(await loadAccount(off.deps)).toEqual(me);
    expect(await loadWeatherServer(off.deps, 'd1')).toMatchObject({ stationKey: 'OLDKEY' });
    expect(off.calls).toEqual([]);
  });

  it('the weather-server view asked while the first connect is under way waits for it, not the cached copy', async () => {
    // After a reload the stored link state still reads online while the new socket connects: the page's one ask
    // must reach the server (the e2e relay test saw the cached view without the relay).
    const connecting = deps({ 'find weatherServer': () => VIEW }, false);
    const cached = { ...VIEW, stationKey: 'CACHED', fetchedAt: 1 } as unknown as WeatherServerView;
    await setSetting(db, weatherServerKey('d1'), cached);
    let connect = () => {};
    const up = new Promise<void>((resolve) => (connect = resolve));
    Object.assign(connecting.conn, { whenConnected: () => up });
    const view = loadWeatherServer(connecting.deps, 'd1');
    await new Promise((r) => setTimeout(r, 10));
    expect(connecting.calls).toEqual([]);
    Object.assign(connecting.conn, { connected: true });
    connect();
    expect(await view).toMatchObject({ stationKey: 'OLDKEY' });
    expect((await getSetting(db, weatherServerKey('d1')))?.stationKey).toBe('OLDKEY');
  });

  it('regenerates the key and updates the device and the cached view', async () => {
    const on = deps({
      'find weatherServer': () => VIEW,
      'patch weatherDevices': () => ({ _id: 'd1', wsid: 'W1', stationKey: 'NEWKEY', name: 'G', user: 'u1' }),
    });
    await loadWeatherServer(on.deps, 'd1');
    expect(await regenerateStationKey(on.deps, 'd1')).toBe('NEWKEY');
    expect(on.calls.at(-1)).toMatchObject({ path: 'weatherDevices', data: { stationKey: 'regenerate' } });
    expect((await db.devices.get('d1'))?.stationKey).toBe('NEWKEY');
    const view = await getSetting(db, weatherServerKey('d1'));
    expect(view?.stationKey).toBe('NEWKEY');
    expect(view?.protocols[0].settings).toEqual([['Station key', 'NEWKEY']]);
  });
});

describe('export download', () => {
  it('builds the URL with the download token (never the access token)', () => {
    const url = new URL(
      exportUrl('http://wx', { device: 'd1', startTime: 10, endTime: 20, format: 'xlsx' }, 'tok'),
    );
    expect(url.pathname).toBe('/weatherMetrics/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      device: 'd1',
      startTime: '10',
      endTime: '20',
      format: 'xlsx',
      $downloadToken: 'tok',
    });
  });

  it('streams the answer with progress and names the file from the server', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('a,b\n'));
        c.enqueue(new TextEncoder().encode('1,2\n'));
        c.close();
      },
    });
    let asked = '';
    const f = (async (url: string) => {
      asked = url;
      return new Response(body, {
        headers: { 'Content-Disposition': 'attachment; filename="W1_1_2.csv"', 'Content-Length': '8' },
      });
    }) as unknown as typeof fetch;
    const { deps: d, calls } = deps({ 'create downloadTokens': () => ({ token: 'dl' }) }, true, f);
    const progress: [number, number | null][] = [];
    const out = await runExport(
      d,
      'job1',
      { device: 'd1', startTime: 1, endTime: 2, format: 'csv' },
      (r, t) => progress.push([r, t]),
    );
    expect(calls[0]).toMatchObject({ path: 'downloadTokens', data: { path: 'weatherMetrics/export' } });
    expect(new URL(asked).searchParams.get('$downloadToken')).toBe('dl');
    expect(new URL(asked).searchParams.get('$accessToken')).toBeNull();
    expect(out.name).toBe('W1_1_2.csv');
    expect(await out.blob.text()).toBe('a,b\n1,2\n');
    expect(progress).toEqual([
      [4, 8],
      [8, 8],
    ]);
  });

  it('cancel aborts the download; a network failure says export needs the server', async () => {
    const f = ((_url: string, init: RequestInit) =>
      new Promise((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as unknown as typeof fetch;
    const { deps: d } = deps({}, true, f);
    const p = runExport(d, 'job2', { device: 'd1', startTime: 1, endTime: 2, format: 'csv' });
    cancelExport('job2');
    await expect(p).rejects.toMatchObject({ message: 'Export cancelled' });

    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const off = deps({ 'create downloadTokens': () => ({ token: 'dl' }) }, true, down);
    await expect(
      runExport(off.deps, 'job3', { device: 'd1', startTime: 1, endTime: 2, format: 'csv' }),
    ).rejects.toMatchObject({ message: OFFLINE_MESSAGE });
    expect(SETTING.weatherServerPrefix).toBe('weatherServer:');
  });
});
