// Security headers on every answer (issue #10). The Content-Security-Policy allows what the built PWA uses and
// nothing more: scripts, styles, fonts, the manifest and the data worker from this origin only (no inline
// script: index.html loads /unsupported-browser.js instead), the service worker and module workers from this
// origin (blob: for workers some browsers create from bundles), images from here plus data: and blob: (the
// profile picture is kept as a data URL; exports are handed to the browser as blob URLs), and socket.io over
// ws:/wss: to this host. No framing by anyone. HSTS only when the request came over HTTPS through a trusted
// proxy (TRUST_PROXY): a plain-HTTP portal on a LAN must stay reachable.
import type { FeathersKoaContext } from '@feathersjs/koa';
import type { Config } from './config';

export const HSTS = 'max-age=31536000; includeSubDomains';

/** The policy for a page served from `host` (the Host header: the socket connects back to it). */
export function contentSecurityPolicy(host: string): string {
  const sockets = /^[\w.:[\]-]+$/.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${sockets}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(config: Config) {
  return async (ctx: FeathersKoaContext, next: () => Promise<unknown>) => {
    ctx.set('Content-Security-Policy', contentSecurityPolicy(ctx.host));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Frame-Options', 'DENY');
    if (config.trustProxy > 0 && ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
    return next();
  };
}
