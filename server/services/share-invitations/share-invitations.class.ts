// shareInvitations (issue #10): a station is shared only when the invited person accepts.
//   create {device, email}   the owner invites an address; the answer is the same whether or not an account uses
//                            it (an unknown address gets a mail inviting it to sign up with that address).
//   find {device?, role?, status?}   the caller's sent invitations (owner) and received ones (the verified
//                            account with the invited address: pending, or accepted by it).
//   patch {status}           the recipient accepts (→ weatherDevices.shareUsers) or declines.
//   remove                   the owner revokes (a pending invitation or a share); the recipient leaves a share
//                            (or declines a pending invitation).
// Access itself stays in weatherDevices.shareUsers; an accepted row whose user is no longer there (the owner
// pulled them through weatherDevices, the account was deleted) is stale and dropped when met.
import { BadRequest, Forbidden, NotFound, TooManyRequests } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { ShareInvitation } from '../../../src/domain/contract';
import {
  type InvitationRow,
  type Inviter,
  receivedCopy,
  sentCopy,
} from '../../../src/domain/invitationRecord';
import {
  INVITATIONS_PER_HOUR,
  SHARE_MESSAGES,
  shareInvitationRules,
} from '../../../src/domain/shareInvitations';
import type { Application, AuthUser } from '../../declarations';
import { codedError } from '../../hooks/error-codes';
import { AccountLimiter } from '../../hooks/rate-limit';
import { readers } from '../../hooks/validate';
import { translator } from '../../i18n/catalogs';
import { userLocale } from '../../i18n/locale';
import { objectId } from '../../storage/ids';
import type { DeviceRow } from '../devices/device-record';
import { fromDb, invitationMail } from './invitation-record';

type P = Params & { user?: AuthUser };
const rules = shareInvitationRules(readers);
const TABLE = 'shareInvitations';

export class ShareInvitationsService {
  private limiter: AccountLimiter;

  constructor(private app: Application) {
    this.limiter = new AccountLimiter('invitations', INVITATIONS_PER_HOUR, 3600_000, app.ctx.counters);
  }

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  async find(params: P): Promise<ShareInvitation[]> {
    const user = params.user!;
    const q = rules.query(params.query);
    const out: ShareInvitation[] = [];
    if (q.role !== 'received') {
      const rows = await this.knex(TABLE)
        .where({ owner: user._id, ...(q.device ? { device: q.device } : {}) })
        .limit(1000);
      for (const row of rows.map(fromDb)) {
        const device = await this.live(row);
        if (device && device.user === user._id) out.push(sentCopy(row, device.name));
      }
    }
    if (q.role !== 'sent' && user.verified) {
      const rows = await this.knex(TABLE)
        .where((b) =>
          b
            .where({ recipient: user._id, status: 'accepted' })
            .orWhere({ email: user.email.toLowerCase(), status: 'pending' }),
        )
        .modify((b) => {
          if (q.device) b.andWhere({ device: q.device });
        })
        .limit(1000);
      const inviters = await this.inviters(rows.map((r: { owner: string }) => r.owner));
      for (const row of rows.map(fromDb)) {
        const device = await this.live(row);
        const from = inviters.get(row.owner);
        if (device && from) out.push(receivedCopy(row, device.name, from, user._id));
      }
    }
    return out
      .filter((i) => !q.status || i.status === q.status)
      .sort((a, b) => b.createdAt - a.createdAt || (a._id < b._id ? 1 : -1));
  }

  async get(id: string, params: P): Promise<ShareInvitation> {
    const { row, side } = await this.visible(id, params.user!);
    return this.copyFor(row, side, params.user!);
  }

  async create(data: unknown, params: P): Promise<ShareInvitation> {
    const user = params.user!;
    const input = rules.create(data);
    const devices = this.app.service('weatherDevices');
    const device = await devices.readable(input.device, user);
    if (device.user !== user._id) throw codedError(Forbidden, 'shareOwnerOnly');
    if (input.email === user.email.toLowerCase())
      throw new BadRequest(SHARE_MESSAGES.self, { field: 'email' });
    // Both lookups are made for every address, so known and unknown ones take the same path.
    const [existing, account] = await Promise.all([
      this.knex(TABLE).where({ device: device._id, email: input.email }).first(),
      this.knex('users').where({ email: input.email }).first('_id'),
    ]);
    // Inviting again is answered with the invitation there is (no second mail), unless it is stale.
    if (existing && (await this.live(fromDb(existing)))) return sentCopy(fromDb(existing), device.name);
    if (params.provider && !(await this.limiter.allowed(user._id)))
      throw codedError(TooManyRequests, 'tooManyInvitations');
    await this.limiter.hit(user._id);
    const now = Date.now();
    const row: InvitationRow = {
      _id: objectId(now),
      device: device._id,
      owner: user._id,
      email: input.email,
      recipient: null,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    };
    try {
      await this.knex(TABLE).insert(row);
    } catch (error) {
      if (!/unique|duplicate/i.test(String(error))) throw error;
      const raced = await this.knex(TABLE).where({ device: device._id, email: input.email }).first();
      return sentCopy(fromDb(raced), device.name);
    }
    // Not awaited: the answer must not wait for (or depend on) the mail server.
    void this.mail(row, device, !!account).catch((error) => {
      this.app.ctx.log.error('invitation mail failed', error);
    });
    return sentCopy(row, device.name);
  }

  async patch(id: string, data: unknown, params: P): Promise<ShareInvitation> {
    const user = params.user!;
    const status = rules.answer(data);
    const { row, side } = await this.visible(id, user);
    if (side !== 'received') throw codedError(Forbidden, 'shareRecipientOnly');
    if (row.status === status) return this.copyFor(row, side, user);
    const now = Date.now();
    if (status === 'accepted') await this.setShared(row.device, user._id, true);
    await this.knex(TABLE)
      .where({ _id: row._id })
      .update({ status, recipient: status === 'accepted' ? user._id : null, updatedAt: now });
    return this.copyFor(
      { ...row, status, recipient: status === 'accepted' ? user._id : null, updatedAt: now },
      side,
      user,
    );
  }

  async remove(id: string, params: P): Promise<ShareInvitation> {
    const user = params.user!;
    const { row, side } = await this.visible(id, user);
    // The invited person "removing" a pending invitation declines it (kept, so the owner still sees pending).
    if (side === 'received' && row.status === 'pending')
      return this.patch(id, { status: 'declined' }, params);
    const copy = await this.copyFor(row, side, user);
    await this.knex(TABLE).where({ _id: row._id }).delete();
    if (row.status === 'accepted' && row.recipient) await this.setShared(row.device, row.recipient, false);
    return copy;
  }

  /** Who gets which copy of an event (channels): the owner and the invited account, if there is one. */
  async audience(data: ShareInvitation): Promise<{
    owner: { id: string; copy: ShareInvitation } | null;
    recipient: { id: string; copy: ShareInvitation } | null;
  }> {
    const device = await this.app.ctx.devices.get(data.device);
    const ownerId = device?.user ?? null;
    const row: InvitationRow = {
      _id: data._id,
      device: data.device,
      owner: ownerId ?? '',
      email: data.email,
      recipient: data.recipient,
      status: data.status,
      createdAt: data.createdAt,
      updatedAt: data.createdAt,
    };
    const invited = data.recipient
      ? null
      : await this.knex('users').where({ email: data.email }).first('_id', 'verified');
    const account: string | null = data.recipient ?? (invited?.verified ? invited._id : null);
    const from = ownerId ? (data.from ?? (await this.inviters([ownerId])).get(ownerId)) : undefined;
    const name = device?.name ?? data.deviceName;
    return {
      owner: ownerId ? { id: ownerId, copy: sentCopy(row, name) } : null,
      recipient: account && from ? { id: account, copy: receivedCopy(row, name, from, account) } : null,
    };
  }

  /** The row and which side of it the caller is on; anyone else gets the same 404 as for a missing row. */
  private async visible(
    id: unknown,
    user: AuthUser,
  ): Promise<{ row: InvitationRow; side: 'sent' | 'received' }> {
    const [rowId] = readers.idList([id], 'id');
    const found = await this.knex(TABLE).where({ _id: rowId }).first();
    const row = found ? fromDb(found) : null;
    const device = row ? await this.live(row) : null;
    if (row && device) {
      if (row.owner === user._id && device.user === user._id) return { row, side: 'sent' };
      const mine =
        user.verified &&
        ((row.status === 'accepted' && row.recipient === user._id) ||
          (row.status === 'pending' && row.email === user.email.toLowerCase()));
      if (mine) return { row, side: 'received' };
    }
    throw codedError(NotFound, 'invitationNotFound');
  }

  private async copyFor(row: InvitationRow, side: 'sent' | 'received', user: AuthUser) {
    const device = await this.app.ctx.devices.get(row.device);
    const name = device?.name ?? '';
    if (side === 'sent') return sentCopy(row, name);
    const from = (await this.inviters([row.owner])).get(row.owner);
    if (!from) throw codedError(NotFound, 'invitationNotFound');
    return receivedCopy(row, name, from, user._id);
  }

  /** The row's device, or null when the row is stale (device gone, or an accepted user no longer shared). */
  private async live(row: InvitationRow): Promise<DeviceRow | null> {
    const device = await this.app.ctx.devices.get(row.device);
    const stale =
      !device || (row.status === 'accepted' && !(row.recipient && device.shareUsers.includes(row.recipient)));
    if (!stale) return device;
    await this.knex(TABLE).where({ _id: row._id }).delete();
    return null;
  }

  private async inviters(ids: string[]): Promise<Map<string, Inviter>> {
    if (ids.length === 0) return new Map();
    const rows = await this.knex('users')
      .whereIn('_id', [...new Set(ids)])
      .select('_id', 'email', 'firstName', 'lastName');
    return new Map(
      rows.map((u: Record<string, string | null>) => [
        u._id as string,
        {
          _id: u._id as string,
          email: u.email as string,
          firstName: u.firstName ?? '',
          lastName: u.lastName ?? '',
        },
      ]),
    );
  }

  /** Adds or removes a user in the device's shareUsers through weatherDevices (its `patched` event follows). */
  private async setShared(deviceId: string, userId: string, shared: boolean): Promise<void> {
    const device = await this.app.ctx.devices.get(deviceId);
    if (!device || device.shareUsers.includes(userId) === shared) return;
    await this.app
      .service('weatherDevices')
      .patch(deviceId, shared ? { $push: { shareUsers: userId } } : { $pull: { shareUsers: userId } }, {
        user: { _id: device.user },
      } as P);
  }

  private async mail(row: InvitationRow, device: DeviceRow, hasAccount: boolean): Promise<void> {
    const from = (await this.inviters([row.owner])).get(row.owner);
    if (!from) return;
    const { publicUrl, port } = this.app.ctx.config;
    const origin = publicUrl ?? `http://localhost:${port}`;
    // In the invited person's language when they have an account, else in the inviter's.
    const recipient = await this.app.ctx.storage.knex('users').where({ email: row.email }).first('locale');
    const t = translator(recipient?.locale ?? (await userLocale(this.app, row.owner)));
    await this.app.ctx.mailer.send(invitationMail(row.email, from, device.name, origin, hasAccount, t));
  }
}
