// Upgrades: a database made by portal 0.1.0 (upgrade-fixtures/0.1.0, made by its make-fixture.ts) is migrated by
// today's code with every row kept, and answers its users as 0.1.0 did; a database a newer version migrated is
// refused at start. On SQLite (a copy of the fixture file) or PostgreSQL (TEST_DATABASE_URL: the fixture's dump
// loaded into a schema of its own).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Knex } from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FREE_ACCOUNT } from '../../src/domain/entitlements';
import { createApp } from '../app';
import { testConfig } from '../config';
import { loadDump, pgTarget } from '../ops/pg-dump';
import { call, testDatabase } from '../testing/server';
import { openStorage } from './db';
import { appliedMigrations, DowngradeRefused, MIGRATION_NAMES, migrate } from './migrate';

const FIXTURE = join(import.meta.dirname, 'upgrade-fixtures', '0.1.0');
const ROOT = resolve(import.meta.dirname, '..', '..');
const expected = JSON.parse(readFileSync(join(FIXTURE, 'expected.json'), 'utf8'));
const engine: 'sqlite' | 'pg' = process.env.TEST_DATABASE_URL ? 'pg' : 'sqlite';
const made = expected[engine] as {
  users: Record<string, { email: string; password: string; _id: string }>;
  stations: Record<string, { _id: string; wsid: string; stationKey: string }>;
  counts: Record<string, number>;
  answers: { as: string; path: string; body: unknown }[];
};

/**
 * Answers changed on purpose since 0.1.0, applied to what it answered: issue #22, an account's limits never
 * drop below the free account's when it buys a plan (0.1.0 answered "5 stations" after a purchase; every
 * account may own 10).
 */
function changedSince010(path: string, body: unknown): object {
  if (path === '/users/me') {
    const me = body as { supportedDevices: number; dataLogStorePeriod: number };
    return {
      ...me,
      supportedDevices: Math.max(me.supportedDevices, FREE_ACCOUNT.stations),
      dataLogStorePeriod: Math.max(me.dataLogStorePeriod, FREE_ACCOUNT.storeDays),
    };
  }
  return body as object;
}

const work = mkdtempSync(join(tmpdir(), 'portal-upgrade-'));
let database = '';

/** A fresh copy of the 0.1.0 database: the SQLite file, or the dump loaded into a new schema. */
async function fixtureDatabase(name: string): Promise<string> {
  if (engine === 'sqlite') {
    const file = join(work, `${name}.db`);
    copyFileSync(join(FIXTURE, 'portal.db'), file);
    return file;
  }
  const url = testDatabase();
  await loadDump(pgTarget(url), join(FIXTURE, 'portal.pg.sql'));
  return url;
}

async function dropSchema(url: string) {
  if (engine !== 'pg') return;
  const { connection, schema } = pgTarget(url);
  const client = new pg.Client({ connectionString: connection });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/** Rows of each table 0.1.0 had (read directly: nothing of the app, such as retention, has run). */
async function counts(knex: Knex): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of Object.keys(made.counts))
    out[table] = Number((await knex(table).count({ n: '*' }))[0].n);
  return out;
}

const schemas: string[] = [];
beforeAll(async () => {
  database = await fixtureDatabase('upgraded');
  schemas.push(database);
});
afterAll(async () => {
  for (const s of schemas) await dropSchema(s).catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

describe(`upgrade from 0.1.0 (${engine})`, () => {
  test('the fixture is what 0.1.0 made: its migrations only, its rows', async () => {
    expect(expected.madeBy.version).toBe('0.1.0');
    const storage = await openStorage(database);
    try {
      const applied = await appliedMigrations(storage.knex);
      expect(applied.length).toBeGreaterThan(10);
      expect(applied.every((name) => MIGRATION_NAMES.includes(name))).toBe(true);
      expect(await counts(storage.knex)).toEqual(made.counts);
      expect(made.counts.samples).toBeGreaterThan(500);
      expect(made.counts.buckets1h).toBeGreaterThan(40);
    } finally {
      await storage.close();
    }
  });

  test("today's migrations keep every row", async () => {
    const storage = await openStorage(database);
    try {
      await migrate(storage.knex);
      expect(await appliedMigrations(storage.knex)).toEqual(expect.arrayContaining([...MIGRATION_NAMES]));
      expect(await counts(storage.knex)).toEqual(made.counts);
    } finally {
      await storage.close();
    }
  });

  test('the upgraded portal answers its users as 0.1.0 did: logins, stations, settings, shares, orders, history', async () => {
    const dataDir = mkdtempSync(join(work, 'data-'));
    const server = await createApp(testConfig({ dataDir, database }));
    const url = `http://127.0.0.1:${await server.listen()}`;
    try {
      const tokens: Record<string, string> = {};
      for (const [who, user] of Object.entries(made.users)) {
        const login = await call(url, 'POST', '/authentication', {
          body: { strategy: 'local', email: user.email, password: user.password },
        });
        expect([who, login.status]).toEqual([who, 201]);
        expect(login.body.user._id).toBe(user._id);
        tokens[who] = login.body.accessToken;
      }
      for (const read of made.answers) {
        const res = await call(url, 'GET', read.path, { token: tokens[read.as] });
        expect([read.as, read.path, res.status]).toEqual([read.as, read.path, 200]);
        expect(res.body, `${read.as} GET ${read.path}`).toMatchObject(changedSince010(read.path, read.body));
      }
      // Seeded plans nobody edited say what they give now (migration 064, issue #22).
      const plans = await call(url, 'GET', '/subscriptionPlans?$paginate=false');
      const free = plans.body.find((p: { name: string }) => p.name === 'Free');
      expect(free).toMatchObject({ storeDays: FREE_ACCOUNT.storeDays });
      expect(JSON.stringify(plans.body)).not.toMatch(/push alerts|Excel export/);
      // The stations' keys still work: an upload now is stored.
      const { garden } = made.stations;
      const q = new URLSearchParams({
        ID: garden.wsid,
        PASSWORD: garden.stationKey,
        action: 'updateraw',
        dateutc: 'now',
        tempf: '68',
      });
      const upload = await fetch(`${url}/weatherstation/updateweatherstation.php?${q}`);
      expect((await upload.text()).trim()).toBe('success');
      const last = await call(url, 'GET', `/weatherDevices/lastData?device=${garden._id}`, {
        token: tokens.owner,
      });
      expect(last.body.last.tempc0).toBeCloseTo(20, 1);
    } finally {
      await server.close();
    }
  });
});

describe(`a database of a newer version (${engine})`, () => {
  let newer = '';
  beforeAll(async () => {
    newer = await fixtureDatabase('newer');
    schemas.push(newer);
    const storage = await openStorage(newer);
    await migrate(storage.knex);
    await storage
      .knex('knex_migrations')
      .insert({ name: '990_from_the_future', batch: 99, migration_time: new Date() });
    await storage.close();
  });

  test('is refused before any migration runs, naming the unknown migration', async () => {
    const error = await createApp(
      testConfig({ dataDir: mkdtempSync(join(work, 'data-')), database: newer }),
    ).then(
      () => null,
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(DowngradeRefused);
    expect(error?.message).toMatch(
      /upgraded by a newer version of the portal: its migration 990_from_the_future is unknown to version \d+\.\d+\.\d+\. Going back is not supported/,
    );
    const storage = await openStorage(newer);
    try {
      expect(await appliedMigrations(storage.knex)).toContain('990_from_the_future');
    } finally {
      await storage.close();
    }
  });

  test('npm start says so and exits', async () => {
    const child = spawn(join(ROOT, 'node_modules/.bin/node'), ['--import', 'tsx', 'server/start.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: mkdtempSync(join(work, 'data-')),
        DATABASE_URL: newer,
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO: 'off',
        STATIC_DIR: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => {
      output += d;
    });
    child.stderr!.on('data', (d) => {
      output += d;
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output).toMatch(/The portal could not start: This database was upgraded by a newer version/);
    expect(output).not.toMatch(/running at/);
  });
});
