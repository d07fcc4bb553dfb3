// Station camera images (issue 28, migration 068): stored with their rows in the database, read back by time,
// and pruned with the station's 5-minute data (retention.ts: the plan's store period).
import type { Knex } from 'knex';
import type { CameraMime } from '../../src/domain/camera';

export interface CameraImage {
  id: number;
  time: number;
  type: CameraMime;
  size: number;
  bytes: Buffer;
}

/**
 * Stores an image at `now` (unix ms; one later than the newest when two come in the same millisecond, so times
 * name images) and sets the station's newest time. Answers the time it was stored at.
 */
export async function storeCameraImage(
  knex: Knex,
  device: string,
  image: { type: CameraMime; bytes: Uint8Array },
  now = Date.now(),
): Promise<number> {
  return knex.transaction(async (trx) => {
    const newest = await trx('cameraImages')
      .where({ device })
      .max<{ t: number | string | null }[]>({ t: 'time' });
    const time = Math.max(now, Number(newest[0]?.t ?? 0) + 1);
    await trx('cameraImages').insert({
      device,
      time,
      type: image.type,
      size: image.bytes.length,
      bytes: Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength),
    });
    await trx('weatherDevices').where({ _id: device }).update({ cameraAt: time });
    return time;
  });
}

/** The newest image at or before `at` (unix ms; undefined: the newest of all), or null. */
export async function cameraImageAt(knex: Knex, device: string, at?: number): Promise<CameraImage | null> {
  const q = knex('cameraImages').where({ device });
  if (at !== undefined) q.where('time', '<=', at);
  const row = await q.orderBy('time', 'desc').first('id', 'time', 'type', 'size', 'bytes');
  if (!row) return null;
  return {
    id: Number(row.id),
    time: Number(row.time),
    type: row.type,
    size: Number(row.size),
    bytes: row.bytes,
  };
}

/** The times (unix ms, oldest first) of the images in [from, to). */
export async function cameraTimes(knex: Knex, device: string, from: number, to: number): Promise<number[]> {
  const rows = await knex('cameraImages')
    .where({ device })
    .where('time', '>=', from)
    .where('time', '<', to)
    .orderBy('time', 'asc')
    .select('time');
  return rows.map((r: { time: number | string }) => Number(r.time));
}

/**
 * Removes a station's images older than `before` (unix ms); when none is left, the station has no camera image
 * any more (the card goes). Answers how many were removed.
 */
export async function pruneCameraImages(knex: Knex, device: string, before: number): Promise<number> {
  const removed = await knex('cameraImages').where({ device }).where('time', '<', before).delete();
  if (removed > 0 && !(await knex('cameraImages').where({ device }).first('id')))
    await knex('weatherDevices').where({ _id: device }).update({ cameraAt: null });
  return removed;
}
