// How tokens end (issue #10). Every access token carries its user's `sessionVersion` (claim `sv`): a password
// change or reset adds one to it, which ends every older token of that user at once, on every process (the
// version is read from the database with the user). A logout ends only its own token: the token id (`jti`) is
// kept in `revokedTokens` until the token would have expired anyway (the shared demo account must survive one
// visitor signing out).

import { ERRORS } from '../../src/domain/errors';
import type { Application } from '../declarations';
import { announceSessionEnd } from '../realtime/session-ends';

/** The answer when a token was ended by a logout, a password change or a reset. */
export const SESSION_ENDED = ERRORS.sessionEnded;

/** How long a process trusts "this token id is not revoked" before asking the database again. */
const NOT_REVOKED_MS = 3000;

export const sessionVersionOf = (payload: Record<string, unknown>): number => Number(payload.sv ?? 0) || 0;

export class Revocations {
  /** jti → until when it is known not to be revoked (a short cache: other processes may revoke meanwhile). */
  private clean = new Map<string, number>();
  /** Revoked here: refused at once, without the database. */
  private local = new Map<string, number>();

  constructor(private app: Application) {}

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  async revoked(payload: Record<string, unknown>): Promise<boolean> {
    const jti = payload.jti;
    if (typeof jti !== 'string') return false;
    const now = Date.now();
    if (this.local.has(jti)) return true;
    if ((this.clean.get(jti) ?? 0) > now) return false;
    const row = await this.knex('revokedTokens').where({ jti }).first('jti');
    if (row) return true;
    if (this.clean.size > 10_000) this.clean.clear();
    this.clean.set(jti, now + NOT_REVOKED_MS);
    return false;
  }

  /** Revoked on another process (announced through the cluster's bus): refused here at once too. */
  known(jti: string): void {
    this.clean.delete(jti);
    if (this.local.size > 10_000) this.local.clear();
    this.local.set(jti, Date.now() + 31 * 86400_000);
  }

  /** Ends one token (logout), and the sockets signed in with it on every process. */
  async revoke(payload: Record<string, unknown>): Promise<void> {
    const jti = payload.jti;
    if (typeof jti !== 'string') return;
    const now = Date.now();
    const expiresAt = typeof payload.exp === 'number' ? payload.exp * 1000 : now + 31 * 86400_000;
    this.clean.delete(jti);
    if (this.local.size > 10_000) this.local.clear();
    this.local.set(jti, expiresAt);
    await this.knex('revokedTokens').insert({ jti, expiresAt }).onConflict('jti').ignore();
    if (typeof payload.sub === 'string') announceSessionEnd(this.app, { user: payload.sub, jti });
    // Expired tokens are refused by their signature check anyway: forget their ids.
    await this.knex('revokedTokens').where('expiresAt', '<', now).delete();
    for (const [id, until] of this.local) if (until < now) this.local.delete(id);
  }
}

/**
 * Ends every token of the user (password change or reset, disabled): their sockets lose their sign-in and every
 * channel at once, on every process (realtime/session-ends.ts), and a new token is needed.
 */
export async function endAllSessions(app: Application, userId: string): Promise<void> {
  const knex = app.ctx.storage.knex;
  await knex('users').where({ _id: userId }).increment('sessionVersion', 1);
  const row = await knex('users').where({ _id: userId }).first('sessionVersion');
  app.emit('usersChanged', userId); // drops the cached user (and its version) behind the tokens
  announceSessionEnd(app, { user: userId, version: Number(row?.sessionVersion ?? 0) });
}

/** A new access token for the user (after a password change, so the device that changed it stays signed in). */
export async function freshToken(app: Application, userId: string): Promise<string> {
  const row = await app.ctx.storage.knex('users').where({ _id: userId }).first('sessionVersion');
  return app
    .service('authentication')
    .createAccessToken({ sv: Number(row?.sessionVersion ?? 0) }, { subject: userId });
}
