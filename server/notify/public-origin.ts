// Where links in alert e-mails and pushes point (issue #12): PUBLIC_URL when set; else the origin the user's
// own browser signed in from (the Origin header of their last authentication: a page served elsewhere, or a
// forged Host header, can only change that user's own links); else https://PUBLIC_HOST; else localhost.
import type { HookContext } from '@feathersjs/feathers';
import type { Application } from '../declarations';

const seen = new WeakMap<Application, Map<string, string>>();
/** Users remembered per process; the oldest are dropped beyond this. */
const MAX_USERS = 10_000;

/** An http(s) origin from a header value, or null. */
export function originOf(header: unknown): string | null {
  if (typeof header !== 'string' || header.length > 300) return null;
  try {
    const u = new URL(header);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** After `authentication` create: remember the origin this user's browser talks to us from. */
export function rememberOrigin(context: HookContext): void {
  const headers = context.params.headers as Record<string, unknown> | undefined;
  const user = (context.result as { user?: { _id?: string } } | undefined)?.user?._id;
  const origin = originOf(headers?.origin);
  if (!user || !origin) return;
  const app = context.app as Application;
  const users = seen.get(app) ?? new Map<string, string>();
  seen.set(app, users);
  users.delete(user);
  users.set(user, origin);
  if (users.size > MAX_USERS) users.delete(users.keys().next().value as string);
}

/** The absolute origin for a link sent to this user (no trailing slash). */
export function publicOrigin(app: Application, user?: string): string {
  const { publicUrl, publicHost, port } = app.ctx.config;
  if (publicUrl) return publicUrl;
  const remembered = user ? seen.get(app)?.get(user) : undefined;
  if (remembered) return remembered;
  return publicHost ? `https://${publicHost}` : `http://localhost:${port}`;
}
