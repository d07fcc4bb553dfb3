// Test helpers: an in-process server on in-memory SQLite (or DATABASE_URL), REST calls, users and stations.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp, type Server } from '../app';
import { type Config, testConfig } from '../config';

export interface TestServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * The database of a test server: in-memory SQLite, or with TEST_DATABASE_URL (postgres://…) a fresh schema of
 * that PostgreSQL database, so the same suites run on both engines.
 */
export function testDatabase(): string {
  const pg = process.env.TEST_DATABASE_URL;
  if (!pg) return ':memory:';
  const url = new URL(pg);
  url.searchParams.set(
    'schema',
    `t_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`,
  );
  return url.toString();
}

/** Drops the test schema of `database` over a connection of its own (the server's pool is closed by then). */
async function dropSchema(database: string, schema: string): Promise<void> {
  const url = new URL(database);
  url.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

export async function startServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const server = await createApp(testConfig({ dataDir, database: testDatabase(), ...overrides }));
  const port = await server.listen();
  const schema =
    server.app.ctx.storage.engine === 'pg'
      ? new URL(server.app.ctx.config.database).searchParams.get('schema')
      : null;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    async close() {
      // The server first: a write still in flight (a group commit, a note written after the answer) would
      // deadlock with DROP SCHEMA, which locks the schema's tables in another order.
      await server.close();
      if (schema) await dropSchema(server.app.ctx.config.database, schema);
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

// biome-ignore lint/suspicious/noExplicitAny: test answers are read loosely
export async function call<T = any>(
  url: string,
  method: string,
  path: string,
  { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const res = await fetch(url + path, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  const raw = type.includes('json')
    ? await res.json()
    : type.includes('msgpack')
      ? new Uint8Array(await res.arrayBuffer())
      : await res.text();
  return { status: res.status, body: raw as T, headers: res.headers };
}

let counter = 0;

/** Signs up, verifies (reading the code from the mailer) and logs in a new user. */
export async function newUser(t: TestServer, name = `user${++counter}`) {
  const email = `${name}-${Date.now()}@example.com`.toLowerCase();
  const password = 'correct horse battery';
  const created = await call(t.url, 'POST', '/users', {
    body: { email, password, termsAccepted: true, firstName: name },
  });
  if (created.status !== 201) throw new Error(`signup failed: ${JSON.stringify(created.body)}`);
  const code = lastCode(t, email);
  const verified = await call(t.url, 'POST', '/users/verify', { body: { email, code } });
  if (verified.status !== 201) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  const auth = await call(t.url, 'POST', '/authentication', { body: { strategy: 'local', email, password } });
  if (auth.status !== 201) throw new Error(`login failed: ${JSON.stringify(auth.body)}`);
  return { email, password, token: auth.body.accessToken as string, user: auth.body.user as { _id: string } };
}

export function lastCode(t: TestServer, email: string): string {
  const mail = [...t.server.app.ctx.mailer.sent].reverse().find((m) => m.to === email);
  const code = mail?.subject.match(/(\d{6})/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export async function newStation(t: TestServer, token: string, data: Record<string, unknown> = {}) {
  const res = await call(t.url, 'POST', '/weatherDevices', {
    token,
    body: { name: 'Garden', timezone: 'Europe/Prague', ...data },
  });
  if (res.status !== 201) throw new Error(`station create failed: ${JSON.stringify(res.body)}`);
  return res.body as { _id: string; wsid: string; stationKey: string };
}

/** A WSLink upload of a few readings (metric units) to the station. */
export function wslink(
  t: TestServer,
  station: { wsid: string; stationKey: string },
  fields: Record<string, string | number>,
) {
  const params = new URLSearchParams({ wsid: station.wsid, wspw: station.stationKey });
  for (const [k, v] of Object.entries(fields)) params.set(k, String(v));
  return call(t.url, 'GET', `/data/upload.php?${params}`);
}

/** A Feathers query as REST query text (qs brackets; lists as key[0]=…). */
export function toQuery(query: Record<string, unknown>, prefix = ''): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    const key = prefix ? `${prefix}[${k}]` : k;
    if (v && typeof v === 'object') parts.push(toQuery(v as Record<string, unknown>, key));
    else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`);
  }
  return parts.join('&');
}
