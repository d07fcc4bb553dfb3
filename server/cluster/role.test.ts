// ROLE: an API process serves no uploads, an ingest process nothing but uploads (and no sockets).

import { io } from 'socket.io-client';
import { afterEach, expect, test } from 'vitest';
import { loadConfig } from '../config';
import { startServer, type TestServer } from '../testing/server';

const started: TestServer[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.close();
});

test('ROLE is all (default), api or ingest', () => {
  const env = { DATA_DIR: '/tmp/portal-role-test', AUTH_SECRET: 'x' };
  expect(loadConfig(env).role).toBe('all');
  expect(loadConfig({ ...env, ROLE: 'ingest' }).role).toBe('ingest');
  expect(() => loadConfig({ ...env, ROLE: 'worker' })).toThrow('ROLE must be all, api or ingest');
});

test('ROLE=api answers no upload; ROLE=ingest answers uploads only and takes no sockets', async () => {
  const api = await startServer({ role: 'api' });
  const ingest = await startServer({ role: 'ingest' });
  started.push(api, ingest);
  expect((await fetch(`${api.url}/data/upload.php?wsid=a&wspw=b`)).status).toBe(404);
  expect((await fetch(`${api.url}/config`)).status).toBe(200);

  // An unknown station: the console's own "unauthorized", so the upload endpoint answered.
  expect((await fetch(`${ingest.url}/data/upload.php?wsid=a&wspw=b`)).status).toBe(401);
  const other = await fetch(`${ingest.url}/config`);
  expect(other.status).toBe(404);
  expect((await other.json()).message).toBe('This process serves uploads only (ROLE=ingest)');
  const socket = io(ingest.url, { transports: ['websocket'], forceNew: true, reconnection: false });
  const refused = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
  socket.close();
  expect(refused.message).toBe('This process serves uploads only (ROLE=ingest)');
});
