// Download tokens (issue #10): a file link (the export) cannot send a header, and the long-lived access token in
// its URL would stay in browser history, proxy logs and Referer headers. A signed-in caller asks for a token
// for one download path:
//   POST /downloadTokens {path: 'weatherMetrics/export'} → {token, expiresAt}
// a JWT with purpose 'download' and that path as its audience, valid for a minute, ended like every token of
// the user by a password change or reset. The link then carries `$downloadToken=<token>`. It is no access
// token: its audience differs, so no other service accepts it.
import { BadRequest, NotAuthenticated } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { ERRORS } from '../../src/domain/errors';
import type { Application, AuthUser, HookContext } from '../declarations';
import { requireAuth } from '../hooks/auth';
import { codedError } from '../hooks/error-codes';
import { asObject, str } from '../hooks/validate';
import { sessionVersionOf } from './sessions';

export const DOWNLOAD_PATHS = ['weatherMetrics/export'] as const;
export const DOWNLOAD_TOKEN_SECONDS = 60;
export const DOWNLOAD_EXPIRED = ERRORS.downloadExpired;

const tokens = (app: Application) => app.service('authentication');

export class DownloadTokenService {
  constructor(private app: Application) {}

  async create(input: unknown, params: Params & { user?: AuthUser }) {
    const me = params.user;
    if (!me) throw codedError(NotAuthenticated, 'notAuthenticated');
    const path = str(asObject(input), 'path', { required: true, max: 100 })!.replace(/^\/+/, '');
    if (!(DOWNLOAD_PATHS as readonly string[]).includes(path))
      throw new BadRequest(`path must be one of ${DOWNLOAD_PATHS.join(', ')}`, { field: 'path' });
    const row = await this.app.ctx.storage.knex('users').where({ _id: me._id }).first('sessionVersion');
    const token = await tokens(this.app).createAccessToken(
      { purpose: 'download', sv: Number(row?.sessionVersion ?? 0) },
      { subject: me._id, audience: path, expiresIn: `${DOWNLOAD_TOKEN_SECONDS}s` },
    );
    return { token, expiresAt: new Date(Date.now() + DOWNLOAD_TOKEN_SECONDS * 1000).toISOString() };
  }
}

/**
 * Before hook of a download path: `$downloadToken` signs the caller in for this call (an Authorization header,
 * when sent, wins). A wrong, expired or ended token is a 401.
 */
export async function downloadToken(context: HookContext): Promise<void> {
  const query = context.params.query as Record<string, unknown> | undefined;
  if (context.params.provider !== 'rest' || query?.$downloadToken === undefined) return;
  const { $downloadToken: token, ...rest } = query;
  context.params.query = rest;
  if (typeof token !== 'string' || token.length > 4096)
    throw new BadRequest('$downloadToken must be a token', { field: '$downloadToken' });
  if (context.params.user) return;
  let payload: Record<string, unknown>;
  try {
    payload = await tokens(context.app).verifyAccessToken(token, { audience: context.path });
  } catch {
    throw codedError(NotAuthenticated, 'downloadExpired');
  }
  if (payload.purpose !== 'download') throw codedError(NotAuthenticated, 'downloadExpired');
  const row = await context.app.ctx.storage
    .knex('users')
    .where({ _id: String(payload.sub) })
    .first();
  if (!row) throw new NotAuthenticated('This account no longer exists');
  if (sessionVersionOf(payload) !== Number(row.sessionVersion ?? 0))
    throw codedError(NotAuthenticated, 'sessionEnded');
  context.params.user = { ...row, verified: Boolean(row.verified), isAdmin: Boolean(row.isAdmin) };
  context.params.authenticated = true;
}

export function downloadTokens(app: Application): void {
  app.use('downloadTokens', new DownloadTokenService(app), { methods: ['create'] });
  app.service('downloadTokens').hooks({ before: { create: [requireAuth] } });
}
