// Upload targets of the Weather Server page (issue #17): loaded into Dexie `uploadTargets` (keys masked, as the
// server answers them), kept current by the owner's live `uploadTargets` events (the forwarder's results), and
// edited online only. A revealed key goes straight back to the page and is never stored.

import type { PortalDb } from '../src/db/schema';
import {
  SERVICES,
  type UploadTarget,
  type UploadTargetData,
  type UploadTargetTest,
} from '../src/domain/contract';
import type { NetworkId } from '../src/domain/networks';
import type { Connection } from './connection';

/** Sockets whose events are already applied (one listener per socket client). */
const listening = new WeakSet<object>();

function listen(conn: Connection): void {
  const app = conn.app as unknown as object;
  if (listening.has(app)) return;
  listening.add(app);
  const service = conn.app.service(SERVICES.uploadTargets);
  const put = (t: UploadTarget) => void conn.db.uploadTargets.put(t).catch(() => {});
  service.on('created', put);
  service.on('patched', put);
  service.on('removed', (t: UploadTarget) => void conn.db.uploadTargets.delete(t._id).catch(() => {}));
}

/** The station's targets into Dexie (offline: what Dexie holds stays). */
export async function loadUploadTargets(conn: Connection, device: string): Promise<void> {
  if (!conn.connected) return;
  listen(conn);
  const targets = await conn.find(SERVICES.uploadTargets, { device });
  await replace(conn.db, device, targets);
}

async function replace(db: PortalDb, device: string, targets: UploadTarget[]): Promise<void> {
  await db.transaction('rw', db.uploadTargets, async () => {
    await db.uploadTargets.where('device').equals(device).delete();
    await db.uploadTargets.bulkPut(targets);
  });
}

export interface TargetInput extends UploadTargetData {
  device: string;
  network: NetworkId;
}

/** Adds (no id) or edits a target; an empty key in an edit keeps the stored one. */
export async function saveUploadTarget(
  conn: Connection,
  id: string | null,
  input: TargetInput,
): Promise<UploadTarget> {
  await conn.whenConnected();
  listen(conn);
  const { device, network, ...data } = input;
  const saved = id
    ? await conn.patch(SERVICES.uploadTargets, id, data)
    : await conn.create(SERVICES.uploadTargets, { device, network, ...data });
  await conn.db.uploadTargets.put(saved);
  return saved;
}

export async function setUploadTargetEnabled(
  conn: Connection,
  id: string,
  enabled: boolean,
): Promise<UploadTarget> {
  const saved = await conn.patch(SERVICES.uploadTargets, id, { enabled });
  await conn.db.uploadTargets.put(saved);
  return saved;
}

export async function removeUploadTarget(conn: Connection, id: string): Promise<void> {
  await conn.remove(SERVICES.uploadTargets, id);
  await conn.db.uploadTargets.delete(id);
}

/** "Test now": the newest sample sent at once; the target's new state is stored. */
export async function testUploadTarget(conn: Connection, id: string): Promise<UploadTargetTest> {
  const answer = await conn.create(SERVICES.uploadTargetsTest, { target: id });
  await conn.db.uploadTargets.put(answer.target);
  return answer;
}

/** The key itself, for its owner (not stored anywhere on the device). */
export async function revealUploadTargetKey(conn: Connection, id: string): Promise<string> {
  const target = await conn.call((app) =>
    app.service(SERVICES.uploadTargets).get(id, { query: { $reveal: true } }),
  );
  return target.key;
}
