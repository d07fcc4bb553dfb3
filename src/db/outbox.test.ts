import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../bridge/errors';
import type { RestCall } from '../bridge/rest';
import { enqueue, flushOutbox, keepPending, pendingFields, toRestCall } from './outbox';
import { PortalDb } from './schema';
import { SETTING } from './settings';

const dbs: PortalDb[] = [];
const newDb = (name = `outbox-${Math.random()}`) => {
  const db = new PortalDb(name);
  dbs.push(db);
  return db;
};
afterEach(async () => {
  const open = dbs.splice(0);
  for (const db of open) db.close();
  for (const name of new Set(open.map((db) => db.name))) await new PortalDb(name).delete();
});

/** A fake server that applies each idempotency key once, like server/hooks/idempotency.ts. */
function fakeServer() {
  const applied: RestCall[] = [];
  const seen = new Map<string, unknown>();
  let failNext: ApiError[] = [];
  return {
    applied,
    fail(...errors: ApiError[]) {
      failNext = errors;
    },
    async send(call: RestCall) {
      const err = failNext.shift();
      if (err) throw err;
      const key = call.idempotencyKey!;
      if (seen.has(key)) return seen.get(key);
      const answer = { _id: `id-${applied.length + 1}`, ...(call.data as object) };
      applied.push(call);
      seen.set(key, answer);
      return answer;
    },
  };
}

const edit = (db: PortalDb, n: number) =>
  db.transaction('rw', db.outbox, () =>
    enqueue(db, {
      service: 'weatherDevices',
      method: 'patch',
      recordId: 'dev1',
      data: { name: `name ${n}` },
    }),
  );

describe('outbox', () => {
  it('sends in FIFO order and empties the queue', async () => {
    const db = newDb();
    for (const n of [1, 2, 3]) await edit(db, n);
    const server = fakeServer();
    const result = await flushOutbox(db, { send: (c) => server.send(c) });
    expect(result).toEqual({ sent: 3, dropped: 0, remaining: 0 });
    expect(server.applied.map((c) => (c.data as { name: string }).name)).toEqual([
      'name 1',
      'name 2',
      'name 3',
    ]);
    expect(server.applied.map((c) => [c.method, c.id])).toEqual([
      ['patch', 'dev1'],
      ['patch', 'dev1'],
      ['patch', 'dev1'],
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('survives a reload: a new PortalDb on the same name still holds the queue in order', async () => {
    const name = `reload-${Math.random()}`;
    const first = newDb(name);
    await edit(first, 1);
    await edit(first, 2);
    first.close();
    const again = newDb(name);
    const rows = await again.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => (r.data as { name: string }).name)).toEqual(['name 1', 'name 2']);
    const server = fakeServer();
    await flushOutbox(again, { send: (c) => server.send(c) });
    expect(server.applied).toHaveLength(2);
  });

  it('flushing twice sends each edit once (sequentially and concurrently)', async () => {
    const db = newDb();
    await edit(db, 1);
    await edit(db, 2);
    let calls = 0;
    const server = fakeServer();
    const send = (c: RestCall) => {
      calls++;
      return server.send(c);
    };
    const [a, b] = await Promise.all([flushOutbox(db, { send }), flushOutbox(db, { send })]);
    expect(a.sent + b.sent).toBe(2);
    expect(calls).toBe(2);
    expect((await flushOutbox(db, { send })).sent).toBe(0);
    expect(calls).toBe(2);
  });

  it('a replay after a lost answer is applied once thanks to the Idempotency-Key', async () => {
    const db = newDb();
    const row = await edit(db, 1);
    const server = fakeServer();
    // The server applied it, but the answer never reached us: the row stays queued.
    await server.send(await toRestCall(db, row));
    await flushOutbox(db, { send: (c) => server.send(c) });
    expect(server.applied).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('stops on a transient error, keeps order, counts attempts and retries later', async () => {
    const db = newDb();
    for (const n of [1, 2]) await edit(db, n);
    const server = fakeServer();
    server.fail(new ApiError('offline', 0));
    const failed = await flushOutbox(db, { send: (c) => server.send(c) });
    expect(failed.sent).toBe(0);
    expect(failed.remaining).toBe(2);
    expect(failed.error?.code).toBe(0);
    const head = await db.outbox.orderBy('seq').first();
    expect(head?.attempts).toBe(1);
    expect(head?.lastError).toBe('offline');
    server.fail(new ApiError('busy', 503), new ApiError('slow down', 429));
    expect((await flushOutbox(db, { send: (c) => server.send(c) })).remaining).toBe(2);
    expect((await flushOutbox(db, { send: (c) => server.send(c) })).remaining).toBe(2);
    expect((await db.outbox.orderBy('seq').first())?.attempts).toBe(3);
    const ok = await flushOutbox(db, { send: (c) => server.send(c) });
    expect(ok.sent).toBe(2);
    expect(server.applied.map((c) => (c.data as { name: string }).name)).toEqual(['name 1', 'name 2']);
  });

  it('401 keeps the edit (re-authenticate first); 400 drops it and records lastError', async () => {
    const db = newDb();
    for (const n of [1, 2]) await edit(db, n);
    const server = fakeServer();
    server.fail(new ApiError('jwt expired', 401, 'NotAuthenticated'));
    expect((await flushOutbox(db, { send: (c) => server.send(c) })).remaining).toBe(2);
    server.fail(new ApiError('name too long', 400, 'BadRequest'));
    const dropped: string[] = [];
    const result = await flushOutbox(db, {
      send: (c) => server.send(c),
      onDropped: async (row) => {
        dropped.push((row.data as { name: string }).name);
      },
    });
    expect(result).toEqual({ sent: 1, dropped: 1, remaining: 0 });
    expect(dropped).toEqual(['name 1']);
    expect(server.applied.map((c) => (c.data as { name: string }).name)).toEqual(['name 2']);
    const err = (await db.settings.get(SETTING.outboxError))?.value as {
      message: string;
      code: number;
      service: string;
    };
    expect(err).toMatchObject({ message: 'name too long', code: 400, service: 'weatherDevices' });
  });

  it('a settings patch queued before its record exists is sent as a create, later ones as patches', async () => {
    const db = newDb();
    const first = await db.transaction('rw', db.outbox, () =>
      enqueue(db, {
        service: 'deviceDisplaySettings',
        method: 'patch',
        recordId: null,
        data: { weatherDevice: 'dev1', graphRange: 'week' },
      }),
    );
    expect(await toRestCall(db, first)).toMatchObject({ method: 'create', id: undefined });
    await db.displaySettings.put({
      _id: 'ds1',
      weatherDevice: 'dev1',
      metricsList: [],
      detailList: [],
      graphList: [],
      graphRange: 'week',
    });
    expect(await toRestCall(db, first)).toMatchObject({
      method: 'patch',
      id: 'ds1',
      idempotencyKey: first.id,
    });
  });

  it('conflict rule: queued fields keep their local value over a server copy', async () => {
    const db = newDb();
    await edit(db, 1);
    const fields = await pendingFields(db, 'weatherDevices', { id: 'dev1' });
    expect([...fields]).toEqual(['name']);
    const local = { _id: 'dev1', name: 'name 1', timezone: 'Europe/Prague' };
    const server = { _id: 'dev1', name: 'old', timezone: 'UTC' };
    expect(keepPending(server, local, fields)).toEqual({ _id: 'dev1', name: 'name 1', timezone: 'UTC' });
  });
});
