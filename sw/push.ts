// Push: show the notification and keep the alert in Dexie `alerts`; a click focuses an open window and asks it
// to navigate (the page stays if it is already there, spec §1), or opens a new window on that path.
import { applyAlert, isShownAlert } from '../src/db/apply';
import type { AlertRow, PortalDb } from '../src/db/schema';

export interface PushPayload {
  title?: string;
  body?: string;
  /** Where a click leads, e.g. /dashboard?device=… */
  path?: string;
  /** FCM messages carry the alert as JSON text (FCM data values are strings). */
  data?: { path?: string; url?: string; alert?: AlertRow | string };
  alert?: AlertRow;
  tag?: string;
  /** FCM messages (server/notify/push.ts firebaseSender) put title and body here. */
  notification?: { title?: string; body?: string };
}

/** The alert of a Web Push or an FCM message. */
function alertOf(p: PushPayload): AlertRow | undefined {
  const a = p.alert ?? p.data?.alert;
  if (typeof a !== 'string') return a;
  try {
    return (JSON.parse(a) as AlertRow | null) ?? undefined;
  } catch {
    return undefined;
  }
}

export interface ShownNotification {
  title: string;
  options: NotificationOptions & { data: { path: string } };
}

/** Parse a push message's JSON (or text as the body). */
export function parsePush(text: string | null | undefined): PushPayload {
  if (!text) return {};
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' ? (v as PushPayload) : { body: String(v) };
  } catch {
    return { body: text };
  }
}

export function notificationFor(p: PushPayload): ShownNotification {
  const path = p.data?.path ?? p.path ?? '/dashboard';
  return {
    title: p.title || p.notification?.title || 'Weather Portal',
    options: {
      body: p.body ?? p.notification?.body ?? '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: p.tag ?? alertOf(p)?._id,
      data: { path },
    },
  };
}

export async function storePushAlert(db: PortalDb, p: PushPayload): Promise<void> {
  const alert = alertOf(p);
  if (isShownAlert(alert)) await applyAlert(db, alert);
}

interface WindowLike {
  url: string;
  focus(): Promise<unknown>;
  postMessage(message: unknown): void;
}

/** Focus a window of ours and tell it where to go; else open one. */
export async function openPath(
  path: string,
  origin: string,
  windows: readonly WindowLike[],
  openWindow: (url: string) => Promise<unknown>,
): Promise<void> {
  const own = windows.find((w) => new URL(w.url).origin === origin);
  if (own) {
    // Navigate first: the browser may refuse focus (no user activation left, another app in front), and a
    // refused focus must not leave the window where it was.
    own.postMessage({ type: 'navigate', path });
    await own.focus().catch((e: unknown) => {
      // Refused without a user activation (InvalidAccessError): expected, the window has navigated already.
      if ((e as { name?: string })?.name !== 'InvalidAccessError') console.warn('[sw] focus failed', e);
    });
    return;
  }
  await openWindow(path);
}
