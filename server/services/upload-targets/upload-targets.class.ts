// uploadTargets (issue #17), owner only: where a station's accepted uploads are forwarded.
//   find {device}        the station's targets, keys masked
//   get ?$reveal=true    one target; with $reveal its key itself (the owner, on request)
//   create / patch / remove
//   uploadTargets/test   create {target}: send the newest sample now, answer the outcome and the target
//                        (TESTS_PER_MINUTE per user: each one is a request the server makes for the user)
// A custom server's URL is refused when it names the host itself or a private address literally (a name is
// checked again at every connection, server/net/guarded.ts), and when FORWARD_CUSTOM=off.
// A stranger gets the same 404 as for a missing target; a shared user is told only the owner may do this.
import { BadRequest, Forbidden, NotFound, TooManyRequests } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { UploadTarget } from '../../../src/domain/contract';
import { MAX_TARGETS_PER_DEVICE, uploadTargetRules } from '../../../src/domain/uploadTargets';
import type { Application, AuthUser } from '../../declarations';
import { refuseDemo } from '../../hooks/demo';
import { codedError } from '../../hooks/error-codes';
import { AccountLimiter } from '../../hooks/rate-limit';
import { readers } from '../../hooks/validate';
import { integrationsConfig } from '../../integrations/config';
import { aprsUrlAllowed } from '../../net/aprs';
import { urlAllowed } from '../../net/guarded';
import { objectId } from '../../storage/ids';
import type { DevicesService } from '../devices/devices.class';
import { fromDb, present, TABLE, type TargetRow } from './target-record';

type P = Params & { user?: AuthUser };
const rules = uploadTargetRules(readers);
/** "Test now" calls per user and minute. */
export const TESTS_PER_MINUTE = 10;

export class UploadTargetsService {
  constructor(private app: Application) {}

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  private get settings() {
    return this.app.ctx.config.integrations ?? integrationsConfig({});
  }

  /** A custom target's URL (or the one it keeps) is one this portal may send to. */
  private checkCustom(network: string, url: string | null | undefined): void {
    // A CWOP target's own APRS-IS server is the user's address too (issue #28).
    if (
      network === 'cwop' &&
      url &&
      !aprsUrlAllowed(url, { allowPrivate: this.settings.forwardAllowPrivate })
    )
      throw codedError(BadRequest, 'targetAddress', { field: 'url' });
    if (network !== 'custom') return;
    if (!this.settings.forwardCustom) throw codedError(BadRequest, 'targetCustomOff', { field: 'network' });
    if (url && !urlAllowed(url, { allowPrivate: this.settings.forwardAllowPrivate }))
      throw codedError(BadRequest, 'targetAddress', { field: 'url' });
  }

  /** The station, if the caller owns it (a readable one they do not own: 403; otherwise the devices' 404). */
  private async ownedDevice(id: string, user: AuthUser | undefined) {
    const devices = this.app.service('weatherDevices') as unknown as DevicesService;
    const device = await devices.readable(id, user);
    if (!user || device.user !== user._id) throw codedError(Forbidden, 'targetOwnerOnly');
    return device;
  }

  /** The caller's own target; anything else is the same 404. */
  async owned(id: unknown, user: AuthUser | undefined): Promise<TargetRow> {
    const [targetId] = readers.idList([id], 'id');
    const found = await this.knex(TABLE).where({ _id: targetId }).first();
    const row = found ? fromDb(found) : null;
    const device = row ? await this.app.ctx.devices.get(row.device) : null;
    if (!row || !device || !user || device.user !== user._id) throw codedError(NotFound, 'targetNotFound');
    return row;
  }

  async find(params: P): Promise<UploadTarget[]> {
    const { device } = rules.query(params.query);
    await this.ownedDevice(device, params.user);
    const rows = await this.knex(TABLE).where({ device }).orderBy('createdAt').limit(MAX_TARGETS_PER_DEVICE);
    return rows.map((r: Record<string, unknown>) => present(fromDb(r)));
  }

  async get(id: string, params: P): Promise<UploadTarget> {
    const row = await this.owned(id, params.user);
    const reveal = readers.bool(params.query ?? {}, '$reveal') ?? false;
    return present(row, reveal);
  }

  async create(data: unknown, params: P): Promise<UploadTarget> {
    // The shared demo account sends nowhere (issue #20): its visitors would point it at each other's servers.
    refuseDemo(params.user);
    const input = rules.create(data);
    await this.ownedDevice(input.device, params.user);
    this.checkCustom(input.network, input.url);
    const [{ n }] = await this.knex(TABLE).where({ device: input.device }).count({ n: '*' });
    if (Number(n) >= MAX_TARGETS_PER_DEVICE) throw codedError(BadRequest, 'targetLimit');
    const now = Date.now();
    const row = {
      _id: objectId(now),
      ...input,
      failures: 0,
      rejections: 0,
      nextAttemptAt: 0,
      createdAt: now,
      updatedAt: now,
    };
    await this.knex(TABLE).insert(row);
    return present(fromDb(row));
  }

  async patch(id: string, data: unknown, params: P): Promise<UploadTarget> {
    const current = await this.owned(id, params.user);
    refuseDemo(params.user);
    const changes = rules.patch(data, current);
    this.checkCustom(current.network, changes.url ?? current.url);
    const now = Date.now();
    // New credentials, or the owner turning it on again: a paused target starts afresh.
    const fresh = ['stationId', 'key', 'url', 'format'].some((k) => k in changes) || changes.enabled === true;
    const update = {
      ...changes,
      ...(fresh ? { pausedAt: null, alertedAt: null, rejections: 0, failures: 0, nextAttemptAt: 0 } : {}),
      updatedAt: now,
    };
    await this.knex(TABLE).where({ _id: current._id }).update(update);
    return present({ ...current, ...update });
  }

  async remove(id: string, params: P): Promise<UploadTarget> {
    const row = await this.owned(id, params.user);
    await this.knex(TABLE).where({ _id: row._id }).delete();
    return present(row);
  }
}

/** uploadTargets/test: "test now". */
export class UploadTargetTestService {
  private limiter: AccountLimiter;

  constructor(
    private app: Application,
    private targets: UploadTargetsService,
  ) {
    this.limiter = new AccountLimiter('target-test', TESTS_PER_MINUTE, 60_000, app.ctx.counters);
  }

  async create(data: unknown, params: P) {
    const body = readers.asObject(data);
    const row = await this.targets.owned(body.target, params.user);
    const forwarder = this.app.ctx.forwarder;
    if (!forwarder) throw new BadRequest('Forwarding is not available');
    const settings = this.app.ctx.config.integrations ?? integrationsConfig({});
    if (row.network === 'custom' && !settings.forwardCustom)
      throw codedError(BadRequest, 'targetCustomOff', { field: 'network' });
    // Forwarding sends readings: a paid type without its plan answers as every other data path (402).
    await this.app.service('weatherDevices').readableData(row.device, params.user);
    const user = params.user!._id;
    if (!(await this.limiter.allowed(user)))
      throw codedError(TooManyRequests, 'targetTestLimit', { retryAfter: 60 });
    await this.limiter.hit(user);
    const { verdict, target, statusClass } = await forwarder.sendNow(row);
    // Only the class of the status and our reason: the answer itself stays on the server (issue #20).
    return {
      ok: verdict.kind === 'ok',
      result: verdict.kind,
      message: verdict.message,
      status: statusClass,
      target,
    };
  }
}
