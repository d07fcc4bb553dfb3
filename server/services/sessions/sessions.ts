// sessions: a browser or app install (its _id is the id the client keeps in local settings), the user it is
// signed in as, and its push subscription (spec §3 Session, §7). create is an upsert and works without an
// account: {_id, associateUser} ties or unties the session to the caller; {_id, pushEnabled, pushToken,
// pushType} stores the subscription. Push for alerts goes to the push-enabled sessions of a user.
// GET /sessions/vapid → {publicKey}: the VAPID key a browser subscribes with.
//
// Who owns a session (issue #10: knowing an id must not let anyone detach it or re-point its push):
//  - the call that creates a session gets its `secret`, once; the client keeps it with the id;
//  - an associated session may be changed or detached only by its user (signed in);
//  - an anonymous session only by whoever presents its `secret` (so a user associating it presents it too).
// Any other call on an existing id is a 403 and answers nothing about the session.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BadRequest, Forbidden, TooManyRequests } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { Application, AuthUser } from '../../declarations';
import { optionalAuth } from '../../hooks/auth';
import { AccountLimiter } from '../../hooks/rate-limit';
import { asObject, bool } from '../../hooks/validate';
import { pushEndpointAllowed } from '../../net/push-hosts';

type P = Params & { user?: AuthUser; ip?: string };

export interface Session {
  _id: string;
  associateUser: string | null;
  pushEnabled: boolean;
  pushType: 'web' | 'firebase' | null;
  /** Only in the answer that created the session: the proof of ownership to present on later changes. */
  secret?: string;
}

const FIELDS = new Set(['_id', 'associateUser', 'pushEnabled', 'pushToken', 'pushType', 'secret']);
const SESSION_ID = /^[\w.:-]{8,64}$/;

function present(row: Record<string, unknown>): Session {
  return {
    _id: row._id as string,
    associateUser: (row.associateUser as string | null) ?? null,
    pushEnabled: !!row.pushEnabled,
    pushType: (row.pushType as Session['pushType']) ?? null,
  };
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether `caller` (or the holder of `secret`) owns the stored session; see the rules at the top. */
function owns(row: Record<string, unknown>, caller: string | null, secret: unknown): boolean {
  if (row.associateUser) return row.associateUser === caller;
  if (typeof secret !== 'string' || secret.length > 200 || typeof row.secretHash !== 'string') return false;
  const a = Buffer.from(hashSecret(secret));
  const b = Buffer.from(row.secretHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A Web Push subscription (PushSubscription.toJSON(), as an object or its JSON text), kept as JSON text. */
function webToken(v: unknown): string {
  let sub: unknown = v;
  if (typeof v === 'string') {
    try {
      sub = JSON.parse(v);
    } catch {
      throw new BadRequest('pushToken must be a push subscription', { field: 'pushToken' });
    }
  }
  const s = sub as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } } | null;
  const ok =
    !!s &&
    typeof s === 'object' &&
    typeof s.endpoint === 'string' &&
    s.endpoint.length <= 2048 &&
    /^https:\/\/[^\s]+$/.test(s.endpoint) &&
    typeof s.keys?.p256dh === 'string' &&
    s.keys.p256dh.length <= 200 &&
    typeof s.keys?.auth === 'string' &&
    s.keys.auth.length <= 100;
  if (!ok)
    throw new BadRequest('pushToken must be a push subscription with an https endpoint and keys', {
      field: 'pushToken',
    });
  // Only the known push services (server/net/push-hosts.ts): the server connects to this address.
  if (!pushEndpointAllowed(s!.endpoint as string))
    throw new BadRequest('pushToken must name the push service of a browser', { field: 'pushToken' });
  return JSON.stringify({ endpoint: s!.endpoint, keys: { p256dh: s!.keys!.p256dh, auth: s!.keys!.auth } });
}

/** New sessions per IP and hour: anonymous callers may create them, but not fill the table. */
const NEW_PER_HOUR = 120;

export class SessionsService {
  private fresh: AccountLimiter;

  constructor(private app: Application) {
    this.fresh = new AccountLimiter('sessions', NEW_PER_HOUR, 3600_000, app.ctx.counters);
  }

  async create(input: unknown, params: P): Promise<Session> {
    const data = asObject(input);
    for (const key of Object.keys(data)) if (!FIELDS.has(key)) throw new BadRequest(`${key} cannot be set`);
    const id = data._id;
    if (typeof id !== 'string' || !SESSION_ID.test(id))
      throw new BadRequest('_id must be 8 to 64 letters, digits or - _ . :', { field: '_id' });
    const caller = params.user?._id ?? null;
    const knex = this.app.ctx.storage.knex;
    const existing = await knex('sessions').where({ _id: id }).first();
    if (data.secret !== undefined && typeof data.secret !== 'string')
      throw new BadRequest('secret must be the text the session was created with', { field: 'secret' });
    if (existing && !owns(existing, caller, data.secret))
      throw new Forbidden(
        existing.associateUser
          ? 'This session belongs to another user'
          : 'Only the holder of this session may change it (send its secret)',
      );
    const update: Record<string, unknown> = {};

    if ('associateUser' in data) {
      const a = data.associateUser;
      if (a === null || a === '' || a === false) update.associateUser = null;
      else if (typeof a !== 'string')
        throw new BadRequest('associateUser must be a user id', { field: 'associateUser' });
      else if (!caller || a !== caller)
        throw new Forbidden('A session can only be associated with the signed-in user');
      else update.associateUser = caller;
    }

    const pushEnabled = bool(data, 'pushEnabled');
    const touchesPush =
      pushEnabled !== undefined || data.pushToken !== undefined || data.pushType !== undefined;
    if (touchesPush) {
      const type = data.pushType ?? existing?.pushType ?? null;
      if (type !== null && type !== 'web' && type !== 'firebase')
        throw new BadRequest("pushType must be 'web' or 'firebase'", { field: 'pushType' });
      if (data.pushType !== undefined) update.pushType = type;
      if (data.pushToken !== undefined) {
        if (data.pushToken === null || data.pushToken === '') update.pushToken = null;
        else if (type === null)
          throw new BadRequest("pushType ('web' or 'firebase') is required with a pushToken", {
            field: 'pushType',
          });
        else if (type === 'web') update.pushToken = webToken(data.pushToken);
        else if (
          typeof data.pushToken !== 'string' ||
          data.pushToken.length > 4096 ||
          /\s/.test(data.pushToken)
        )
          throw new BadRequest('pushToken must be a Firebase registration token', { field: 'pushToken' });
        else update.pushToken = data.pushToken;
      }
      if (pushEnabled !== undefined) update.pushEnabled = pushEnabled;
      const token = 'pushToken' in update ? update.pushToken : existing?.pushToken;
      if (pushEnabled && !token)
        throw new BadRequest('pushToken is required to enable push', { field: 'pushToken' });
    }

    const now = Date.now();
    let secret: string | undefined;
    if (existing) {
      if (Object.keys(update).length > 0)
        await knex('sessions')
          .where({ _id: id })
          .update({ ...update, updatedAt: now });
    } else {
      const ip = params.ip ?? 'internal';
      if (params.provider && !(await this.fresh.allowed(ip)))
        throw new TooManyRequests('Too many new sessions, please try again later');
      await this.fresh.hit(ip);
      secret = randomBytes(24).toString('base64url');
      try {
        await knex('sessions').insert({
          _id: id,
          associateUser: null,
          pushEnabled: false,
          pushToken: null,
          pushType: null,
          ...update,
          secretHash: hashSecret(secret),
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        // Another call created this id a moment ago: it, not this caller, holds the secret.
        if (/unique|duplicate/i.test(String(error))) throw new Forbidden('This session id is taken');
        throw error;
      }
    }
    const session = present(await knex('sessions').where({ _id: id }).first());
    return secret ? { ...session, secret } : session;
  }
}

export class VapidService {
  constructor(private app: Application) {}

  async find(): Promise<{ publicKey: string | null }> {
    return { publicKey: this.app.ctx.alerts?.notifier.vapidPublicKey ?? null };
  }
}

export function sessions(app: Application): void {
  app.use('sessions/vapid', new VapidService(app), { methods: ['find'] });
  app.use('sessions', new SessionsService(app), { methods: ['create'] });
  app.service('sessions').hooks({ before: { create: [optionalAuth] } });
}
