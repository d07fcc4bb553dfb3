// Every protocol descriptor through every place that reads it: its replies, how the pipeline finds its station,
// stray detection, the endpoints its set-up rows name, its label in ingest health, the Weather Server view and
// /config, the README table and the protocols document. A new descriptor is walked like the others, so a place
// that forgot it fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SETUP_ROW_NAMES, SETUP_TOKENS } from '../../../src/domain/uploadSetup';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';
import { endpointOf } from '../endpoints';
import { namedStation } from '../pipeline';
import { strayProtocol } from '../stray';
import { OUTCOMES, type ProtocolInfo } from './descriptor';
import { PROTOCOL_LABELS, PROTOCOL_LIST, PROTOCOL_NAMES, PROTOCOLS, replyFor, setupTemplates } from './index';
import { README_STATION, README_TABLE_END, README_TABLE_START, readmeTable } from './readme';

const ROOT = join(import.meta.dirname, '../../..');
const each = PROTOCOL_LIST.map((info) => [info.name, info as ProtocolInfo] as const);

/** The path a set-up row tells the owner to send to: the Path row, else the Server URL's path. */
function pathOf(info: ProtocolInfo): string {
  const rows = new Map(info.setup(README_STATION).settings);
  return rows.get('Path') ?? decodeURIComponent(new URL(rows.get('Server URL')!).pathname);
}

/** A path under one of its prefixes that is no endpoint (some prefixes are endpoints all the way down). */
function strayPathOf(info: ProtocolInfo): string | undefined {
  for (const prefix of info.prefixes)
    for (const rest of ['/zz-no-endpoint', '/zz-no/endpoint']) {
      const path = `${prefix.replace(/\/$/, '')}${rest}`;
      if (endpointOf(path) === null) return path;
    }
  return undefined;
}

describe('the registry', () => {
  test('names, labels and kinds: unique, consoles first', () => {
    expect(new Set(PROTOCOL_NAMES).size).toBe(PROTOCOL_LIST.length);
    expect(new Set(Object.values(PROTOCOL_LABELS)).size).toBe(PROTOCOL_LIST.length);
    for (const info of PROTOCOL_LIST) expect(info.label.trim()).not.toBe('');
    const kinds = PROTOCOL_LIST.map((info) => info.kind);
    expect(kinds).toEqual([...kinds].sort((a, b) => (a === b ? 0 : a === 'console' ? -1 : 1)));
    expect(Object.keys(PROTOCOLS)).toEqual(PROTOCOL_NAMES);
  });
});

describe.each(each)('%s', (name, info) => {
  test('answers every outcome: 200 only when stored, an error status otherwise', () => {
    for (const outcome of OUTCOMES) {
      const reply = replyFor(name, outcome);
      expect(reply, outcome).toEqual(info.reply(outcome));
      expect(reply.contentType, outcome).toMatch(/charset=utf-8$/);
      if (outcome === 'ok') expect(reply.status).toBe(200);
      else expect(reply.status, outcome).toBeGreaterThanOrEqual(400);
    }
    // An error's own message reaches consoles that show text (except where the body is the status alone).
    const custom = replyFor(name, 'badRequest', 'Missing zz-field');
    expect(custom.status).toBe(replyFor(name, 'badRequest').status);
  });

  test('its set-up rows are in the vocabulary the client translates, and name one of its own endpoints', () => {
    const { settings } = info.setup(README_STATION);
    expect(settings.length).toBeGreaterThan(0);
    for (const [row] of settings) expect(SETUP_ROW_NAMES).toContain(row);
    // The owner is told the station key, somewhere (a row of its own or in the path).
    expect(settings.some(([, value]) => value.includes(README_STATION.stationKey))).toBe(true);
    if (info.identity.by === 'id')
      expect(settings.some(([, value]) => value === README_STATION.stationId)).toBe(true);
    const endpoint = endpointOf(pathOf(info));
    expect(endpoint?.protocol).toBe(name);
    if (info.keyPath) expect(endpoint?.pathKey).toBe(README_STATION.stationKey);
  });

  test('stray detection: under its prefixes, and with its credentials anywhere, it is told as itself', () => {
    for (const prefix of info.prefixes) {
      const owner = strayProtocol('POST', `${prefix.replace(/\/$/, '')}/zz-no-endpoint`, '', '*/*');
      expect(owner, prefix).toBe(name);
    }
    for (const shape of info.credentials) {
      const query = shape.map((field) => `${field}=zz`).join('&');
      const found = strayProtocol('GET', '/zz-nowhere', query, '*/*');
      // Protocols that share a shape (Wunderground and PWSweather) are told apart by the path: under its own
      // prefix this one is chosen.
      expect(found && PROTOCOLS[found].credentials.some((s) => s.join() === shape.join())).toBe(true);
      expect(strayProtocol('GET', `${info.prefixes[0]}/zz-no-endpoint`, query, '*/*')).toBe(name);
    }
  });

  test('the pipeline names the station as its identity says', () => {
    const { identity } = info;
    const fields = new Map([[identity.by === 'id' ? identity.id : identity.key, 'zz-station']]);
    const named = namedStation(name, fields);
    if (identity.by === 'id') expect(named).toBe('zz-station');
    else expect(named).not.toBe('zz-station'); // a key or a MAC hash is never shown
  });

  test('the README table and the protocols document name it', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`| **${info.label}**`);
    expect(readFileSync(join(ROOT, 'docs/upload-protocols.md'), 'utf8')).toContain(info.label);
  });
});

test("the README's protocol table is the one the descriptors write", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(README_TABLE_START);
  const end = readme.indexOf(README_TABLE_END);
  expect(start, 'README.md has the protocol table markers').toBeGreaterThan(0);
  // On a difference, the expected side is the table to paste between the markers.
  expect(readme.slice(start + README_TABLE_START.length, end).trim()).toBe(readmeTable());
});

describe('over HTTP', () => {
  let t: TestServer;
  let owner: Awaited<ReturnType<typeof newUser>>;
  let station: Awaited<ReturnType<typeof newStation>>;
  beforeAll(async () => {
    t = await startServer();
    owner = await newUser(t, 'protocol-walk');
    station = await newStation(t, owner.token);
  });
  afterAll(() => t.close());

  test.each(each)('%s: a stray and an unknown station get its own replies', async (name, info) => {
    const strayPath = strayPathOf(info);
    expect(strayPath).toBeDefined();
    const stray = await call(t.url, 'POST', strayPath!, { headers: { accept: '*/*' } });
    const notFound = replyFor(name, 'notFound');
    expect(stray.status).toBe(notFound.status);
    expect(stray.headers.get('content-type')).toBe(notFound.contentType);
    // An upload naming no station: the credential fields its identity reads, at the path its set-up gives.
    const { identity } = info;
    const query =
      identity.by === 'id' ? `${identity.id}=zz-none&${identity.key}=zz-none` : `${identity.key}=zz-none`;
    const path = pathOf(info).replace(README_STATION.stationKey, 'zz-none-key');
    const unknown = await call(t.url, 'GET', `${path}?${query}`);
    const refused = replyFor(name, 'unauthorized');
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: refused.status,
      body: refused.contentType.includes('json') ? JSON.parse(refused.body) : refused.body,
    });
  });

  test('the Weather Server view and /config carry every protocol with its label, kind and rows', async () => {
    const view = await call(t.url, 'GET', `/weatherServer?device=${station._id}`, { token: owner.token });
    expect(view.status).toBe(200);
    expect(view.body.protocols.map((p: { protocol: string }) => p.protocol)).toEqual(PROTOCOL_NAMES);
    for (const p of view.body.protocols) {
      const info = PROTOCOLS[p.protocol as keyof typeof PROTOCOLS];
      expect(p).toMatchObject({ label: info.label, kind: info.kind, keyInPath: info.keyPath !== undefined });
      expect(p.settings.some(([, v]: [string, string]) => v.includes(station.stationKey))).toBe(true);
    }
    const config = await call(t.url, 'GET', '/config');
    const consoles = PROTOCOL_LIST.filter((info) => info.kind === 'console');
    expect(config.body.uploadConsoles).toEqual(setupTemplates());
    expect(config.body.uploadConsoles.map((p: { label: string }) => p.label)).toEqual(
      consoles.map((info) => info.label),
    );
    // Ingest health (admins): its protocols and their labels, as the admin page shows them.
    const health = (await t.server.app.service('admin/ingestHealth').find({})) as {
      protocols: string[];
      labels: Record<string, string>;
    };
    expect(health.protocols).toEqual(PROTOCOL_NAMES);
    expect(health.labels).toEqual(Object.fromEntries(PROTOCOL_LIST.map((info) => [info.name, info.label])));
    // The templates leave the station to the page: its key is a placeholder, in every console's rows.
    for (const p of config.body.uploadConsoles)
      expect(p.settings.some(([, v]: [string, string]) => v.includes(SETUP_TOKENS.stationKey))).toBe(true);
  });
});
