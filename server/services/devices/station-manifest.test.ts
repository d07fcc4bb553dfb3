// The kiosk manifest of a public station page (issue #12): Everyone and Not Show stations have one that starts
// their page in the kiosk layout, fullscreen, and says nothing secret; Nobody and unknown IDs are 404.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

describe('station manifest', () => {
  test('Everyone and Not Show: a fullscreen manifest starting the kiosk page; Nobody and unknown: 404', async () => {
    const owner = await newUser(t);
    const made: Record<string, { _id: string; wsid: string; stationKey: string }> = {};
    for (const shareMode of ['public', 'unlist', 'private']) {
      const s = await newStation(t, owner.token, { name: `Harbour ${shareMode}` });
      const r = await call(t.url, 'PATCH', `/weatherDevices/${s._id}`, {
        token: owner.token,
        body: { shareMode },
      });
      expect(r.status).toBe(200);
      made[shareMode] = s;
    }
    const get = (wsid: string) => fetch(`${t.url}/manifests/station/${wsid}.webmanifest`);
    const res = await get(made.public.wsid);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/manifest\+json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      id: `/station/${made.public.wsid}`,
      name: 'Harbour public',
      start_url: `/station/${made.public.wsid}?kiosk=1`,
      display: 'fullscreen',
    });
    expect(manifest.icons.length).toBeGreaterThan(0);
    const text = JSON.stringify(manifest);
    expect(text).not.toContain(made.public.stationKey);
    expect(text).not.toContain('@');
    expect((await get(made.unlist.wsid)).status).toBe(200);
    expect((await get(made.private.wsid)).status).toBe(404);
    expect((await get('nosuchstation')).status).toBe(404);
  });
});
