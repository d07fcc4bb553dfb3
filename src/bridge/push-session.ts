// This browser's push session (server `sessions`, issue #10/#12), shared by the data worker (start-up, sign-out)
// and the service worker (pushsubscriptionchange). The create that makes a session answers its one-time
// `secret`; id and secret are kept in settings.pushSession. An associated session is changed by its user, a
// detached (anonymous) one only with the secret. A 403 on the kept id (another user's session, a lost secret)
// starts a new session.
import { getAuth } from '../db/authStorage';
import type { PortalDb } from '../db/schema';
import { getSetting, SETTING, setSetting } from '../db/settings';
import type { Session } from '../domain/contract';
import { toApiError } from './errors';
import { type RestOptions, rest } from './rest';

/** What `sessions` create takes (src/domain/services.ts). */
export interface SessionInput {
  _id: string;
  secret?: string;
  associateUser?: string | null;
  pushEnabled?: boolean;
  pushType?: 'web' | 'firebase' | null;
  pushToken?: string;
}

export type CreateSession = (data: SessionInput) => Promise<Session>;

/** A fresh session id (the server takes 8–64 of letters, digits and - _ . :). */
export const newSessionId = (): string => `web-${crypto.randomUUID()}`;

/** `sessions` create over REST with the stored token (the service worker has no socket). */
export const restCreateSession =
  (db: PortalDb, opts: Omit<RestOptions, 'accessToken'>): CreateSession =>
  async (data) =>
    rest<Session>(
      { service: 'sessions', method: 'create', data },
      { ...opts, accessToken: (await getAuth(db))?.accessToken },
    );

/** The VAPID public key the browser subscribes with (GET /sessions/vapid); null when push is off. */
export async function fetchVapidKey(opts: Omit<RestOptions, 'accessToken'>): Promise<string | null> {
  const answer = await rest<{ publicKey: string | null }>(
    { service: 'sessions/vapid', method: 'find' },
    opts,
  );
  return answer?.publicKey ?? null;
}

/** What a session pushes to: a Web Push subscription (JSON) or an FCM registration token. */
export type PushTarget = { pushType: 'web'; pushToken: string } | { pushType: 'firebase'; pushToken: string };

/**
 * Create or update this browser's session with its push target, tied to the signed-in user (if any).
 * Resolves with the session id.
 */
export async function savePushTarget(
  db: PortalDb,
  create: CreateSession,
  target: PushTarget,
): Promise<string> {
  const user = (await getAuth(db))?.user?._id;
  const data: Omit<SessionInput, '_id'> = {
    pushEnabled: true,
    ...target,
    ...(user ? { associateUser: user } : {}),
  };
  const kept = await getSetting(db, SETTING.pushSession);
  if (kept) {
    try {
      await create({ _id: kept.id, secret: kept.secret, ...data });
      return kept.id;
    } catch (e) {
      // Another user's session, or its secret is lost: this browser starts a new one.
      if (toApiError(e).code !== 403) throw e;
    }
  }
  const id = newSessionId();
  const created = await create({ _id: id, ...data });
  await setSetting(db, SETTING.pushSession, { id, secret: created.secret ?? '' });
  return id;
}

/** A Web Push subscription (the self-hosted default). */
export const saveSubscription = (db: PortalDb, create: CreateSession, subscription: PushSubscriptionJSON) =>
  savePushTarget(db, create, { pushType: 'web', pushToken: JSON.stringify(subscription) });

/** Untie this browser's session from the user (sign-out): the user's alerts are no longer pushed here. */
export async function detachSession(db: PortalDb, create: CreateSession): Promise<void> {
  const kept = await getSetting(db, SETTING.pushSession);
  if (!kept) return;
  await create({ _id: kept.id, secret: kept.secret, associateUser: null });
}
