// Configuration from the environment only (secrets never in files of the repo). Defaults make `npm start` work
// on a fresh machine: embedded SQLite under ./data, demo account and simulator on.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CaptchaVerifier } from './auth/captcha';
import { type BackfillConfig, backfillConfig } from './backfill/config';
import { type IntegrationsConfig, integrationsConfig } from './integrations/config';
import type { LogFormat, LogLevel, LogThreshold } from './log';

export type Role = 'all' | 'api' | 'ingest';

export interface Config {
  port: number;
  /**
   * What this process serves (ROLE): `all` (default) everything; `api` the API, sockets and the web app, not the
   * upload endpoints; `ingest` the upload endpoints only (a cluster's HAProxy sends uploads there).
   */
  role: Role;
  /** Address to listen on (HOST); empty: every interface, IPv4 and IPv6. */
  host: string;
  dataDir: string;
  /** `postgres://…` or a SQLite file path, or ':memory:' for tests. */
  database: string;
  redisUrl: string | null;
  /** Names this deployment's keys and channel in Redis (several deployments, or test runs, may share one). */
  redisPrefix: string;
  demo: boolean;
  authSecret: string;
  smtpUrl: string | null;
  /** Public name consoles should upload to (weather server view). */
  publicHost: string | null;
  /** Serve the built PWA from this folder (null: API only). */
  staticDir: string | null;
  /**
   * Proxy hops in front of the server whose X-Forwarded-For entries are trusted (0: none, the socket address
   * is the client). Per-IP limits (logins, station keys) count the client the outermost trusted proxy saw.
   */
  trustProxy: number;
  /** Per-station ingest rate: burst and refill per second. */
  ingestBurst: number;
  ingestPerSecond: number;
  /** Failed logins allowed per account and per IP in a 15-minute window. */
  loginFailuresPerAccount: number;
  loginFailuresPerIp: number;
  /** LOG_LEVEL: the least severe lines written. */
  logLevel: LogThreshold;
  /** LOG_FORMAT: `text` (readable lines) or `json` (one JSON object per line, for log stacks). */
  logFormat: LogFormat;
  /** Where log lines go (tests capture them); default stdout and stderr. */
  logWrite?: (line: string, level: LogLevel) => void;
  /**
   * SOURCE_URL: where users get the source code of the portal as it runs (shown in Help; the AGPL asks a
   * modified portal to offer its source to its users).
   */
  sourceUrl: string | null;
  /** Password-reset calls (code requests and checks) allowed per address and per IP in a 15-minute window. */
  resetAttemptsPerAccount: number;
  resetAttemptsPerIp: number;
  /**
   * SESSION_CHECK_SECONDS: how often each process checks its signed-in sockets against the database (ended
   * sessions also reach every process at once through the cluster's bus; this covers an outage of it). 0: never.
   */
  sessionCheckSeconds?: number;
  /** UPLOAD_QUOTA_BYTES: attachments one account may keep in all (default 20 MB). */
  uploadQuotaBytes?: number;
  /** UPLOADS_PER_HOUR: attachments one account may upload in an hour (default 30). */
  uploadsPerHour?: number;
  /** New accounts per IP in an hour (SIGNUPS_PER_IP). */
  signupsPerIp: number;
  /** Where the portal is reached from browsers (`https://portal.example.com`): OAuth callbacks and redirects. */
  publicUrl: string | null;
  /** OAuth sign-up; a provider is offered only when both its id and secret are set. */
  googleClientId: string | null;
  googleClientSecret: string | null;
  facebookClientId: string | null;
  facebookClientSecret: string | null;
  /** reCAPTCHA v3 on sign-up when both are set. */
  recaptchaSiteKey: string | null;
  recaptchaSecret: string | null;
  /** Lowest reCAPTCHA v3 score accepted (0..1). */
  recaptchaMinScore: number;
  /** Checks a captcha token (default: Google's siteverify); tests inject a fake. */
  captchaVerifier?: CaptchaVerifier;
  /** Accounts made admins at start-up (ADMIN_EMAILS, comma-separated, lower-cased). */
  adminEmails?: string[];
  /**
   * Origins allowed to embed the portal in a frame (EMBED_ORIGINS, comma- or space-separated): a native app's
   * page talking to it through the bridge (spec §1). Unset: no framing at all.
   */
  embedOrigins?: string[];
  /** Forwarding, MQTT and /metrics (server/integrations/config.ts); unset: their defaults (all off but forwarding). */
  integrations?: IntegrationsConfig;
  /** The vendors' history APIs for backfill (server/backfill/config.ts; BACKFILL_URL_<VENDOR>); unset: their defaults. */
  backfill?: BackfillConfig;
  /** Card payments through Stripe when the secret and publishable keys are set; otherwise the sandbox (test mode). */
  stripeSecretKey: string | null;
  stripePublishableKey: string | null;
  /** Signs the webhook's events (required with Stripe: only the webhook marks an order paid on its own). */
  stripeWebhookSecret: string | null;
  /** Where the Stripe SDK sends its calls (tests point it at a local fake of the endpoints). */
  stripeApi?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** A secret from the environment, else one generated once and kept in DATA_DIR (never in the repo). */
function persistentSecret(dataDir: string, name: string, env?: string): string {
  if (env) return env;
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Where the portal keeps its data (DATA_DIR) and its database (DATABASE_URL): also read by backup and restore. */
export function storagePaths(env: NodeJS.ProcessEnv = process.env): { dataDir: string; database: string } {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  return { dataDir, database: env.DATABASE_URL ?? join(dataDir, 'portal.db') };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const { dataDir, database } = storagePaths(env);
  mkdirSync(dataDir, { recursive: true });
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0..65535, got ${env.PORT}`);
  const trustProxy = Number(env.TRUST_PROXY || 0);
  if (!Number.isInteger(trustProxy) || trustProxy < 0 || trustProxy > 10)
    throw new Error(`TRUST_PROXY must be a number of proxy hops 0..10, got ${env.TRUST_PROXY}`);
  const logLevel = (env.LOG_LEVEL || 'info') as Config['logLevel'];
  if (!['silent', 'error', 'warn', 'info', 'debug'].includes(logLevel))
    throw new Error(`LOG_LEVEL must be silent, error, warn, info or debug, got ${env.LOG_LEVEL}`);
  const logFormat = (env.LOG_FORMAT || 'text') as LogFormat;
  if (!['text', 'json'].includes(logFormat))
    throw new Error(`LOG_FORMAT must be text or json, got ${env.LOG_FORMAT}`);
  const role = (env.ROLE || 'all') as Role;
  if (!['all', 'api', 'ingest'].includes(role))
    throw new Error(`ROLE must be all, api or ingest, got ${env.ROLE}`);
  return {
    port,
    role,
    host: env.HOST?.trim() ?? '',
    dataDir,
    database,
    redisUrl: env.REDIS_URL ?? null,
    redisPrefix: env.REDIS_PREFIX || 'portal',
    demo: (env.DEMO ?? 'on') !== 'off',
    authSecret: persistentSecret(dataDir, 'auth-secret.key', env.AUTH_SECRET),
    smtpUrl: env.SMTP_URL ?? null,
    publicHost: env.PUBLIC_HOST ?? null,
    staticDir: env.STATIC_DIR ?? resolve('dist'),
    trustProxy,
    ingestBurst: Number(env.INGEST_BURST ?? 30),
    ingestPerSecond: Number(env.INGEST_PER_SECOND ?? 1),
    loginFailuresPerAccount: Number(env.LOGIN_FAILURES_PER_ACCOUNT ?? 10),
    loginFailuresPerIp: Number(env.LOGIN_FAILURES_PER_IP ?? 50),
    logLevel,
    logFormat,
    sourceUrl: env.SOURCE_URL?.trim() || null,
    resetAttemptsPerAccount: Number(env.RESET_ATTEMPTS_PER_ACCOUNT ?? 10),
    resetAttemptsPerIp: Number(env.RESET_ATTEMPTS_PER_IP ?? 50),
    signupsPerIp: Number(env.SIGNUPS_PER_IP ?? 20),
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || null,
    googleClientId: env.GOOGLE_CLIENT_ID || null,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET || null,
    facebookClientId: env.FACEBOOK_CLIENT_ID || null,
    facebookClientSecret: env.FACEBOOK_CLIENT_SECRET || null,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY || null,
    recaptchaSecret: env.RECAPTCHA_SECRET || null,
    recaptchaMinScore: Number(env.RECAPTCHA_MIN_SCORE ?? 0.5),
    integrations: integrationsConfig(env),
    backfill: backfillConfig(env),
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    embedOrigins: parseEmbedOrigins(env.EMBED_ORIGINS),
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    sessionCheckSeconds: Number(env.SESSION_CHECK_SECONDS ?? 5),
    uploadQuotaBytes: Number(env.UPLOAD_QUOTA_BYTES ?? 20 * 1024 * 1024),
    uploadsPerHour: Number(env.UPLOADS_PER_HOUR ?? 30),
    ...overrides,
  };
}

/** A config for tests: in-memory SQLite, no demo, no static files, quiet. */
/** EMBED_ORIGINS: `scheme://host[:port]` each (a native web view's scheme too, e.g. capacitor://localhost). */
export function parseEmbedOrigins(value: string | undefined): string[] {
  const origins = (value ?? '').split(/[\s,]+/).filter(Boolean);
  for (const origin of origins)
    if (
      !/^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(origin) &&
      !/^https?:\/\/\[[0-9a-f:]+\](:\d{1,5})?$/i.test(origin)
    )
      throw new Error(
        `EMBED_ORIGINS must list origins like https://app.example.com (no path), got ${origin}`,
      );
  return origins;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    role: 'all',
    host: '127.0.0.1',
    dataDir: join(process.env.TMPDIR ?? '/tmp', `portal-test-${process.pid}`),
    database: ':memory:',
    redisUrl: null,
    redisPrefix: 'portal-test',
    demo: false,
    authSecret: randomBytes(32).toString('hex'),
    smtpUrl: null,
    publicHost: null,
    staticDir: null,
    trustProxy: 0,
    ingestBurst: 1000,
    ingestPerSecond: 1000,
    loginFailuresPerAccount: 10,
    loginFailuresPerIp: 50,
    logLevel: 'silent',
    logFormat: 'text',
    sourceUrl: null,
    resetAttemptsPerAccount: 10,
    resetAttemptsPerIp: 50,
    signupsPerIp: 1000,
    publicUrl: null,
    googleClientId: null,
    googleClientSecret: null,
    facebookClientId: null,
    facebookClientSecret: null,
    recaptchaSiteKey: null,
    recaptchaSecret: null,
    recaptchaMinScore: 0.5,
    stripeSecretKey: null,
    stripePublishableKey: null,
    stripeWebhookSecret: null,
    ...overrides,
  };
}
