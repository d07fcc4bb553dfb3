// Security headers on every answer (issue #10). The Content-Security-Policy allows what the built PWA uses and
// nothing more: scripts, styles, fonts, the manifest and the data worker from this origin only (no inline
// script: index.html loads /unsupported-browser.js instead), the service worker and module workers from this
// origin (blob: for workers some browsers create from bundles), images from here plus data: and blob: (the
// profile picture is kept as a data URL; exports are handed to the browser as blob URLs), and socket.io over
// ws:/wss: to this host. No framing, except by the origins of EMBED_ORIGINS (a native app's page, spec §1). HSTS only when the request came over HTTPS through a trusted
// proxy (TRUST_PROXY): a plain-HTTP portal on a LAN must stay reachable.
import { createHash } from 'node:crypto';
import type { FeathersKoaContext } from '@feathersjs/koa';
import { captchaEnabled } from './auth/captcha';
import type { Config } from './config';
import { firebaseWebConfig } from './notify/push';

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

/** reCAPTCHA v3's script and its invisible frame (only when captcha is configured: RECAPTCHA_*). */
const CAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const CAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/** Where the Firebase SDK gets an FCM token (only when FIREBASE_WEB_CONFIG offers FCM to browsers). */
const FCM_ENDPOINTS = [
  'https://fcmregistrations.googleapis.com',
  'https://firebaseinstallations.googleapis.com',
];

/** What Stripe documents for its Payment Element (only with Stripe configured, issue #14). */
const STRIPE = {
  scripts: ['https://js.stripe.com'],
  frames: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  images: ['https://*.stripe.com'],
};

export interface PolicyOptions {
  /** Origins that may frame the portal (EMBED_ORIGINS); none: 'none'. */
  embedOrigins?: string[];
  captcha?: boolean;
  firebase?: boolean;
  stripe?: boolean;
}

/** The policy for a page served from `host` (the Host header: the socket connects back to it). */
export function contentSecurityPolicy(host: string, opts: PolicyOptions = {}): string {
  const sockets = /^[\w.:[\]-]+$/.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
  const list = (...sources: (string[] | false | undefined)[]) => sources.flatMap((s) => s || []);
  const frames = list(opts.captcha && CAPTCHA_FRAMES, opts.stripe && STRIPE.frames);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...list(opts.captcha && CAPTCHA_SCRIPTS, opts.stripe && STRIPE.scripts)].join(' '),
    ...(frames.length > 0 ? [`frame-src ${frames.join(' ')}`] : []),
    `style-src 'self' ${STYLE_HASHES}`,
    ["img-src 'self' data: blob:", ...list(opts.stripe && STRIPE.images)].join(' '),
    "font-src 'self'",
    [
      "connect-src 'self'",
      ...sockets,
      ...list(opts.firebase && FCM_ENDPOINTS, opts.stripe && STRIPE.connect),
    ].join(' '),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${opts.embedOrigins?.length ? opts.embedOrigins.join(' ') : "'none'"}`,
  ].join('; ');
}

export function securityHeaders(config: Config) {
  const firebase = firebaseWebConfig() !== null;
  const stripe = !!(config.stripeSecretKey && config.stripePublishableKey);
  const captcha = captchaEnabled(config);
  const embedOrigins = config.embedOrigins ?? [];
  // Every answer carries the policy (uploads too): built once per host name, not per request.
  const policies = new Map<string, string>();
  const policyFor = (host: string) => {
    let policy = policies.get(host);
    if (policy === undefined) {
      if (policies.size >= 64) policies.clear();
      policy = contentSecurityPolicy(host, { captcha, firebase, stripe, embedOrigins });
      policies.set(host, policy);
    }
    return policy;
  };
  return async (ctx: FeathersKoaContext, next: () => Promise<unknown>) => {
    ctx.set('Content-Security-Policy', policyFor(ctx.host));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    // X-Frame-Options cannot name origins: with EMBED_ORIGINS, frame-ancestors alone decides.
    if (embedOrigins.length === 0) ctx.set('X-Frame-Options', 'DENY');
    if (config.trustProxy > 0 && ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
    return next();
  };
}
