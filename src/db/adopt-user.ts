// After a sign-in (login, start-up with a stored token, reconnect): a different user's leftovers go and the
// account's own settings (units, date and time format, theme: user.displaySetting) apply at once, so a new
// browser shows the saved °F/inHg/mph on its first dashboard, not only after a live `users patched`.
import { applyUser } from './apply';
import { getAuth } from './authStorage';
import { clearUserData } from './clear';
import type { PortalDb } from './schema';
import { getSetting, SETTING, setSetting } from './settings';

const running = new WeakMap<PortalDb, Promise<unknown>>();

async function adopt(db: PortalDb): Promise<void> {
  const user = (await getAuth(db))?.user;
  if (!user) return;
  const last = await getSetting(db, SETTING.lastUserId);
  if (last && last !== user._id) await clearUserData(db, { keepAuth: true });
  await setSetting(db, SETTING.lastUserId, user._id);
  await applyUser(db, user);
}

/** One at a time per database: the login call and the ready listener both adopt, and must not interleave. */
export function adoptSignedInUser(db: PortalDb): Promise<void> {
  const next = (running.get(db) ?? Promise.resolve()).then(() => adopt(db));
  running.set(
    db,
    next.catch(() => undefined),
  );
  return next;
}
