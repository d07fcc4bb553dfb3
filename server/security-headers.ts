// Security headers on every answer (issue #10). The Content-Security-Policy allows what the built PWA uses and
// nothing more: scripts, styles, fonts, the manifest and the data worker from this origin only (no inline
// script: index.html loads /unsupported-browser.js instead), the service worker and module workers from this
// origin (blob: for workers some browsers create from bundles), images from here plus data: and blob: (the
// profile picture is kept as a data URL; exports are handed to the browser as blob URLs), and socket.io over
// ws:/wss: to this host. No framing by anyone. HSTS only when the request came over HTTPS through a trusted
// proxy (TRUST_PROXY): a plain-HTTP portal on a LAN must stay reachable.
import { createHash } from 'node:crypto';
import type { FeathersKoaContext } from '@feathersjs/koa';
import type { Config } from './config';

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The two <style> elements react-aria adds at run time (usePress: no tap delay; usePreventScroll: no scroll
 * chaining under overlays), allowed by their hashes rather than by 'unsafe-inline'. A test checks that the
 * installed react-aria still writes exactly these texts.
 */
export const LIBRARY_STYLES = [
  '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}',
  '@layer {\n  * {\n    overscroll-behavior: contain;\n  }\n}',
];
const STYLE_HASHES = LIBRARY_STYLES.map(
  (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
).join(' ');

/**
 * The policy for a page served from `host` (the Host header: the socket connects back to it). With Stripe
 * configured (issue #14) its Payment Element needs what Stripe documents: its script, its frames and its API.
 */
export function contentSecurityPolicy(host: string, stripe = false): string {
  const sockets = /^[\w.:[\]-]+$/.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${stripe ? ' https://js.stripe.com' : ''}`,
    `style-src 'self' ${STYLE_HASHES}`,
    `img-src 'self' data: blob:${stripe ? ' https://*.stripe.com' : ''}`,
    "font-src 'self'",
    `connect-src 'self'${sockets}${stripe ? ' https://api.stripe.com' : ''}`,
    ...(stripe ? ['frame-src https://js.stripe.com https://hooks.stripe.com'] : []),
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
    ctx.set(
      'Content-Security-Policy',
      contentSecurityPolicy(ctx.host, !!(config.stripeSecretKey && config.stripePublishableKey)),
    );
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Frame-Options', 'DENY');
    if (config.trustProxy > 0 && ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
    return next();
  };
}
