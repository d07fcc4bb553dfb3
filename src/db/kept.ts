// The answers the first screen paints with (db/store.ts queries with a `keep` name), kept from one visit for the next
// start: boot reads them with plain IndexedDB (db/peek.ts) beside the session, so a return visit paints the
// dashboard before Dexie has loaded (issue 21). They are the signed-in user's: boot uses them only for the same
// user, a sign-out removes them with the rest of the user's settings (db/clear.ts), and answers seen under one user
// are never written under another.

import type { PortalDb } from './schema';
import { getSetting, type KeptAnswers, SETTING, setSetting } from './settings';

/** At most this many answers (a few stations' worth); the oldest kept goes first. */
export const MAX_KEPT = 40;
/** Answers are written this long (ms) after the first change: a live sample changes several at once. */
const WRITE_AFTER = 500;

let owner: string | undefined;
let answers: Record<string, unknown> = {};
let timer: ReturnType<typeof setTimeout> | undefined;
/** The pending write, if any. */
let pending: (() => Promise<void>) | undefined;

/** Boot: the stored answers, for the session boot read (none without one, or when they are another user's). */
export function keptFromBoot(kept: KeptAnswers | undefined, user: string | undefined): void {
  owner = user;
  answers = user !== undefined && kept?.user === user ? { ...kept.answers } : {};
}

/** The session changed (app/session.ts): another user's answers are not this one's. */
export function keptAnswersOf(user: string | undefined): void {
  if (user === owner) return;
  owner = user;
  answers = {};
  clearTimeout(timer);
  timer = undefined;
  pending = undefined;
}

/** The kept answer of this name, if any (wrapped: a kept answer may itself be null). */
export function keptAnswer<T>(name: string): { value: T } | undefined {
  return Object.hasOwn(answers, name) ? { value: answers[name] as T } : undefined;
}

/** The store (`db`) answered: keep it (the newest names last) and write the answers soon. */
export function keepAnswer(name: string, value: unknown, db: PortalDb): void {
  if (owner === undefined) return;
  delete answers[name];
  answers[name] = value;
  const names = Object.keys(answers);
  for (const old of names.slice(0, Math.max(0, names.length - MAX_KEPT))) delete answers[old];
  if (timer === undefined) {
    pending = () => write(db);
    timer = setTimeout(() => void flushKept(), WRITE_AFTER);
  }
}

/** Writes pending answers now (the page is being hidden; tests). */
export function flushKept(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const run = pending;
  pending = undefined;
  return run ? run() : Promise.resolve();
}

async function write(db: PortalDb): Promise<void> {
  const user = owner;
  if (user === undefined) return;
  try {
    // Written only while the stored session is still theirs (a sign-out may be under way).
    if ((await getSetting(db, SETTING.auth))?.user?._id !== user || owner !== user) return;
    await setSetting(db, SETTING.keptAnswers, { user, answers });
  } catch (e) {
    console.warn('[store] the answers for the next start were not kept', e);
  }
}
