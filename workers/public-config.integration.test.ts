// GET /config through the data engine into Dexie: what the sign-in screens offer and what Help → About shows
// (the server's version and where its source is), kept for offline use.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pkg from '../package.json';
import { setupTemplates } from '../server/ingest/protocols';
import { startServer, type TestServer } from '../server/testing/server';
import { PortalDb } from '../src/db/schema';
import { getSetting, SETTING } from '../src/db/settings';
import { createDataEngine, type DataEngine } from './engine';

let t: TestServer;
let engine: DataEngine | null = null;
beforeAll(async () => {
  t = await startServer({
    sourceUrl: 'https://git.example.com/portal',
    publicHost: 'https://wx.example.org:8443',
  });
});
afterAll(async () => {
  engine?.stop();
  await t.close();
});

it('keeps the server version, source address and console set-up with the sign-in options', async () => {
  const db = new PortalDb(`config-${Math.random()}`);
  engine = createDataEngine({ db, timers: false, timeoutMs: 5000, socket: { reconnection: false } });
  await engine.start(t.url);
  await engine.loadPublicConfig();
  expect(await getSetting(db, SETTING.publicConfig)).toEqual({
    captcha: null,
    oauth: [],
    version: pkg.version,
    sourceUrl: 'https://git.example.com/portal',
    mailOutbox: true,
    consoleAddress: { host: 'wx.example.org', port: 8443 },
    uploadConsoles: setupTemplates(),
  });
  // Every console protocol, each with its rows (the station and the address left to the page).
  const kept = await getSetting(db, SETTING.publicConfig);
  expect(kept?.uploadConsoles?.map((p) => p.label)).toEqual(['WSLink', 'Wunderground', 'Ecowitt']);
});
