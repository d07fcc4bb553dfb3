// Which push endpoints a browser's subscription may name (issue #20, item 12): the push services browsers
// actually use, over https on the default port. Any other endpoint would make the server open TLS to whatever
// address a user chose. The connection itself goes through guarded.ts too (the address rule of upload targets),
// so a push service's name resolving somewhere private is refused as well.
import { hostOf } from './address';

/** Exact hosts: Chrome/Edge (FCM), Firefox (Mozilla autopush). */
const HOSTS = new Set([
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
]);
/** Host suffixes: Safari (Apple web push, web.push.apple.com) and Windows (WNS, *.notify.windows.com). */
const SUFFIXES = ['.push.apple.com', '.notify.windows.com'];

/**
 * PUSH_HOSTS: push services of the operator's own (a self-hosted UnifiedPush or ntfy server; a test's service),
 * comma-separated `host` or `host:port`. The operator chose them, so they may be on the operator's network.
 */
const OPERATOR_HOSTS = new Set(
  (process.env.PUSH_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean),
);

/** Whether `endpoint` is an https URL of a push service the operator named in PUSH_HOSTS. */
export function operatorPushEndpoint(endpoint: string): boolean {
  if (!endpoint.startsWith('https:') || OPERATOR_HOSTS.size === 0) return false;
  try {
    const u = new URL(endpoint);
    return !u.username && !u.password && OPERATOR_HOSTS.has(u.host.toLowerCase());
  } catch {
    return false;
  }
}

/** Whether `endpoint` is an https URL of a known push service (or one of the operator's). */
export function pushEndpointAllowed(endpoint: string): boolean {
  if (operatorPushEndpoint(endpoint)) return true;
  const host = hostOf(endpoint);
  if (!host || !endpoint.startsWith('https:')) return false;
  const u = new URL(endpoint);
  if (u.port || u.username || u.password) return false;
  return HOSTS.has(host) || SUFFIXES.some((s) => host.endsWith(s));
}
