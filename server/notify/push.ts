// Push notifications: Web Push with VAPID keys (generated on first start, kept in DATA_DIR/vapid.json), and
// Firebase Cloud Messaging through its HTTP v1 API when FIREBASE_* is configured. Senders are plain functions
// so tests (and other deployments) can replace them; a sender throws a PushGone for a subscription the push
// service no longer knows (HTTP 404/410), and the caller then disables that session. Web Push connects only to
// the known push services (server/net/push-hosts.ts), through the guarded agent (server/net/guarded.ts).
import { createSign } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { FirebaseWebConfig } from '../../src/domain/contract';
import { processLog } from '../log';
import { guardedHttpsAgent } from '../net/guarded';
import { operatorPushEndpoint, pushEndpointAllowed } from '../net/push-hosts';

/** What the service worker receives (sw/push.ts PushPayload). */
export interface PushPayload {
  title: string;
  body: string;
  /** path: where a click leads in the app; url: the same, absolute (other clients, e.g. FCM's own). */
  data: { path: string; url?: string; alert?: unknown };
}

export interface WebSubscription {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

export type WebSender = (subscription: WebSubscription, payload: PushPayload) => Promise<void>;
export type FirebaseSender = (token: string, payload: PushPayload) => Promise<void>;

export interface PushSenders {
  web: WebSender | null;
  firebase: FirebaseSender | null;
}

/** The subscription or token is gone for good: stop sending to it. */
export class PushGone extends Error {}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** VAPID keys from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else from DATA_DIR/vapid.json, generated once. */
export function vapidKeys(dataDir: string, env: NodeJS.ProcessEnv = process.env): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? 'mailto:portal@localhost';
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const file = join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
      if (kept.publicKey && kept.privateKey)
        return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
    } catch {
      // unreadable: generate new keys below (existing browser subscriptions must then re-subscribe)
    }
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject };
}

export function webPushSender(keys: VapidKeys): WebSender {
  return async (subscription, payload) => {
    // A subscription stored before push endpoints were checked (issue #20) is dropped, never connected to.
    if (!pushEndpointAllowed(subscription.endpoint))
      throw new PushGone('not the endpoint of a known push service');
    try {
      await webpush.sendNotification(subscription, JSON.stringify(payload), {
        vapidDetails: keys,
        TTL: 24 * 3600,
        timeout: 10_000,
        // The address rule of upload targets, at the connection (a name resolving somewhere private is refused);
        // a push service the operator named (PUSH_HOSTS) may be on the operator's own network.
        agent: guardedHttpsAgent({ allowPrivate: operatorPushEndpoint(subscription.endpoint) }),
      });
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) throw new PushGone(`subscription gone (${status})`);
      throw error;
    }
  };
}

type Fetch = typeof fetch;

export interface FirebaseConfig {
  projectId: string;
  clientEmail: string;
  privateKey: string;
}

/** FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL, FIREBASE_PRIVATE_KEY (a service account); null when unset. */
export function firebaseConfig(env: NodeJS.ProcessEnv = process.env): FirebaseConfig | null {
  const { FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL, FIREBASE_PRIVATE_KEY } = env;
  if (!FIREBASE_PROJECT_ID || !FIREBASE_CLIENT_EMAIL || !FIREBASE_PRIVATE_KEY) return null;
  return {
    projectId: FIREBASE_PROJECT_ID,
    clientEmail: FIREBASE_CLIENT_EMAIL,
    // Environment files usually carry the PEM with literal \n.
    privateKey: FIREBASE_PRIVATE_KEY.replace(/\\n/g, '\n'),
  };
}

/**
 * FIREBASE_WEB_CONFIG (JSON of the Firebase web app: apiKey, projectId, messagingSenderId, appId, vapidKey),
 * offered to browsers in GET /config only when the server can also send (FIREBASE_* service account). Without
 * it browsers use Web Push with the server's own VAPID keys (the self-hosted default).
 */
export function firebaseWebConfig(env: NodeJS.ProcessEnv = process.env): FirebaseWebConfig | null {
  if (!env.FIREBASE_WEB_CONFIG || !firebaseConfig(env)) return null;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(env.FIREBASE_WEB_CONFIG) as Record<string, unknown>;
  } catch {
    processLog().error('FIREBASE_WEB_CONFIG is not JSON: browsers use Web Push');
    return null;
  }
  const keys = ['apiKey', 'projectId', 'messagingSenderId', 'appId', 'vapidKey'] as const;
  const missing = keys.filter((k) => typeof raw[k] !== 'string' || !raw[k]);
  if (missing.length > 0) {
    processLog().error(`FIREBASE_WEB_CONFIG lacks ${missing.join(', ')}: browsers use Web Push`);
    return null;
  }
  return Object.fromEntries(keys.map((k) => [k, raw[k]])) as unknown as FirebaseWebConfig;
}

const b64url = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/** FCM HTTP v1: an OAuth token from a self-signed service-account JWT, then messages:send. */
export function firebaseSender(config: FirebaseConfig, fetchImpl: Fetch = fetch): FirebaseSender {
  let token: { value: string; expires: number } | null = null;
  const accessToken = async (): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    if (token && token.expires > now + 60) return token.value;
    const head = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const claims = b64url(
      JSON.stringify({
        iss: config.clientEmail,
        scope: 'https://www.googleapis.com/auth/firebase.messaging',
        aud: 'https://oauth2.googleapis.com/token',
        iat: now,
        exp: now + 3600,
      }),
    );
    const signature = createSign('RSA-SHA256').update(`${head}.${claims}`).sign(config.privateKey);
    const res = await fetchImpl('https://oauth2.googleapis.com/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${head}.${claims}.${b64url(signature)}`,
      }).toString(),
    });
    if (!res.ok) throw new Error(`FCM token request failed: ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in?: number };
    token = { value: body.access_token, expires: now + (body.expires_in ?? 3600) };
    return token.value;
  };
  return async (deviceToken, payload) => {
    const res = await fetchImpl(
      `https://fcm.googleapis.com/v1/projects/${encodeURIComponent(config.projectId)}/messages:send`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await accessToken()}` },
        body: JSON.stringify({
          message: {
            token: deviceToken,
            notification: { title: payload.title, body: payload.body },
            // FCM data values must be strings.
            data: {
              path: payload.data.path,
              url: payload.data.url ?? payload.data.path,
              alert: JSON.stringify(payload.data.alert ?? null),
            },
            webpush: { fcm_options: { link: payload.data.url ?? payload.data.path } },
          },
        }),
      },
    );
    if (res.ok) return;
    const text = await res.text().catch(() => '');
    if (res.status === 404 || res.status === 410 || /UNREGISTERED/.test(text))
      throw new PushGone(`FCM token gone (${res.status})`);
    throw new Error(`FCM send failed: ${res.status}`);
  };
}
