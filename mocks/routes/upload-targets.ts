// uploadTargets as the server answers them (server/services/upload-targets/): owner only, keys masked unless
// `$reveal`, the same input rules (src/domain/uploadTargets.ts). "Test now" cannot reach a network here: with an
// upload it answers as if the network took it; without one, as the server does.
import { http } from 'msw';
import type { UploadTarget } from '../../src/domain/contract';
import { maskKey } from '../../src/domain/networks';
import { MAX_TARGETS_PER_DEVICE, uploadTargetRules } from '../../src/domain/uploadTargets';
import { readable, readableData, required } from '../access';
import { type MockDb, objectId, type UserRow } from '../db';
import { answer, codedError } from '../errors';
import { bodyOf, created, json, queryOf } from '../respond';
import { readers } from '../validate';

const rules = uploadTargetRules(readers);

const present = (t: UploadTarget, reveal = false): UploadTarget => ({
  ...t,
  key: reveal ? t.key : maskKey(t.key),
});

function ownedDevice(db: MockDb, id: unknown, me: UserRow) {
  const device = readable(db, id, me);
  if (device.user !== me._id) throw codedError(403, 'targetOwnerOnly');
  return device;
}

function owned(db: MockDb, id: unknown, me: UserRow): UploadTarget {
  const [targetId] = readers.idList([id], 'id');
  const target = db.uploadTargets.find((t) => t._id === targetId);
  if (!target || db.devices.get(target.device)?.user !== me._id) throw codedError(404, 'targetNotFound');
  return target;
}

export function uploadTargetRoutes(base: string, db: MockDb) {
  const path = `${base}/uploadTargets`;
  return [
    http.get(path, ({ request }) =>
      answer(() => {
        const me = required(db, request);
        const { device } = rules.query(queryOf(request) as Record<string, unknown>);
        ownedDevice(db, device, me);
        return json(db.uploadTargets.filter((t) => t.device === device).map((t) => present(t)));
      }),
    ),
    http.get(`${path}/:id`, ({ request, params }) =>
      answer(() => {
        const me = required(db, request);
        const reveal = readers.bool(queryOf(request) as Record<string, unknown>, '$reveal') ?? false;
        return json(present(owned(db, params.id, me), reveal));
      }),
    ),
    http.post(path, ({ request }) =>
      answer(async () => {
        const me = required(db, request);
        const input = rules.create(await bodyOf(request));
        ownedDevice(db, input.device, me);
        if (db.uploadTargets.filter((t) => t.device === input.device).length >= MAX_TARGETS_PER_DEVICE)
          throw codedError(400, 'targetLimit');
        const now = Date.now();
        const target: UploadTarget = {
          _id: objectId(now),
          ...input,
          lastUploadAt: null,
          lastResult: null,
          lastOk: null,
          failures: 0,
          pausedAt: null,
          createdAt: now,
          updatedAt: now,
        };
        db.uploadTargets.push(target);
        return created(present(target));
      }),
    ),
    http.patch(`${path}/:id`, ({ request, params }) =>
      answer(async () => {
        const me = required(db, request);
        const target = owned(db, params.id, me);
        const changes = rules.patch(await bodyOf(request), target);
        const fresh =
          ['stationId', 'key', 'url', 'format'].some((k) => k in changes) || changes.enabled === true;
        Object.assign(target, changes, fresh ? { pausedAt: null, failures: 0 } : {}, {
          updatedAt: Date.now(),
        });
        return json(present(target));
      }),
    ),
    http.delete(`${path}/:id`, ({ request, params }) =>
      answer(() => {
        const me = required(db, request);
        const target = owned(db, params.id, me);
        db.uploadTargets = db.uploadTargets.filter((t) => t !== target);
        return json(present(target));
      }),
    ),
    http.post(`${path}/test`, ({ request }) =>
      answer(async () => {
        const me = required(db, request);
        const body = readers.asObject(await bodyOf(request));
        const target = owned(db, body.target, me);
        readableData(db, target.device, me);
        if (!(db.samples.get(target.device)?.length ?? 0))
          return created({
            ok: false,
            result: 'failed',
            message: 'forwardNoUpload',
            status: null,
            target: present(target),
          });
        Object.assign(target, {
          lastUploadAt: Date.now(),
          lastResult: 'ok',
          lastOk: true,
          failures: 0,
          pausedAt: null,
        });
        return created({ ok: true, result: 'ok', message: 'ok', status: '2xx', target: present(target) });
      }),
    ),
  ];
}
