// The session as the route guard sees it (spec §4 "Start-up"): the stored one as boot read it (db/peek.ts, no
// Dexie on the first paint's path, issue 21), then Dexie's live read of the same row from the first paint on,
// so a sign-in or sign-out still moves the guard. `settings.auth` stays the one source of truth.
import { useSyncExternalStore } from 'react';
import { keptAnswersOf } from '../db/kept';
import { watchLater } from '../db/later';
import { getSetting, SETTING } from '../db/settings';
import type { AuthRecord } from '../db/views';
import type { AuthValue } from './guard';

/** A usable session (a token and its user), else null: db/hooks.ts useAuth's rule. */
export function sessionOf(auth: AuthRecord | undefined | null): Exclude<AuthValue, undefined> {
  return auth?.accessToken && auth.user ? { accessToken: auth.accessToken, user: auth.user } : null;
}

/** undefined = not known yet (no boot read, and the live read has not answered). */
let current: AuthValue;
let watching = false;
const listeners = new Set<() => void>();

/** Boot: the stored session as read before the first render. */
export function setBootSession(auth: AuthRecord | undefined): void {
  current = sessionOf(auth);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!watching) {
    watching = true;
    // For the page's life: every guard of the visit reads this one watch.
    watchLater(
      async (db) => sessionOf(await getSetting(db, SETTING.auth)),
      (session) => {
        current = session;
        // Answers kept for the next start are the signed-in user's only.
        keptAnswersOf(session?.user?._id);
        for (const l of listeners) l();
      },
    );
  }
  return () => listeners.delete(listener);
}

/** The session: undefined while not known, null when signed out. */
export function useSession(): AuthValue {
  return useSyncExternalStore(subscribe, () => current);
}
