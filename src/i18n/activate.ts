// Loads a compiled catalog on demand and makes it the active language; remembers the choice (Dexie + cookie).
// Start-up reads the stored choice with plain IndexedDB (db/peek.ts): Dexie is not on the first paint's path.
import { i18n, type Messages } from '@lingui/core';
import { peekSettings } from '../db/peek';
import { type KeptAnswers, SETTING } from '../db/settings';
import type { AuthRecord } from '../db/views';
import type { CataloguePart } from '../domain/cataloguePart';
import { readLangCookie, writeLangCookie } from './cookie';
import { type LocaleId, pickLocale } from './locales';

type Part = Promise<{ messages: Messages }>;

// Vite resolves a variable file name of a dynamic import, not a variable query: one import per part.
const importPart = (locale: LocaleId, part: CataloguePart): Part =>
  part === 'first'
    ? import(`../../locales/${locale}.po?part=first`)
    : import(`../../locales/${locale}.po?part=rest`);

/**
 * Makes `locale` the active language, with both parts of its catalogue (src/domain/cataloguePart.ts). With
 * `restAfter` (boot on a route of FIRST_PART_PATHS: the first paint) it is active with the first part, and the
 * rest is imported once `restAfter` resolves, so it is not on the first paint's path.
 */
export async function activateLocale(locale: LocaleId, restAfter?: Promise<unknown>): Promise<void> {
  if (i18n.locale === locale) return;
  if (restAfter) {
    i18n.loadAndActivate({ locale, messages: (await importPart(locale, 'first')).messages });
    void restAfter
      .then(() => importPart(locale, 'rest'))
      .then((rest) => i18n.load(locale, rest.messages))
      // Offline before the service worker cached it: the first screen is whole; other pages show message ids.
      .catch((e: unknown) => console.warn('[i18n] the rest of the catalogue did not load', e));
  } else {
    const [first, rest] = await Promise.all([importPart(locale, 'first'), importPart(locale, 'rest')]);
    i18n.loadAndActivate({ locale, messages: { ...first.messages, ...rest.messages } });
  }
  document.documentElement.lang = locale;
  writeLangCookie(locale);
}

/** The user picked a language: activate it and keep it for the next start. */
export async function chooseLocale(locale: LocaleId): Promise<void> {
  await activateLocale(locale);
  // Dexie and the outbox load now: a choice is made after the first paint (app/Root.tsx waits for it with `?lang=`).
  const [{ db }, { setSetting }, { saveLocale }] = await Promise.all([
    import('../db/schema'),
    import('../db/settings'),
    import('../db/edits'),
  ]);
  // The language is active either way; without IndexedDB (private windows) it is not kept for the next start.
  await setSetting(db, SETTING.locale, locale).catch((e: unknown) =>
    console.warn('[i18n] the language choice could not be kept', e),
  );
  // The account learns it too, so its e-mails and pushes follow (server/i18n/locale.ts).
  await saveLocale(locale).catch((e: unknown) =>
    console.warn('[i18n] the account language was not queued', e),
  );
}

/** What start-up needs from the store: the kept language and the session (app/session.ts). */
export interface BootRead {
  locale: LocaleId;
  auth: AuthRecord | undefined;
  /** The answers the last visit's first screen painted with (db/kept.ts). */
  kept: KeptAnswers | undefined;
}

/**
 * One plain IndexedDB read for start-up: the language (`?lang=`, the stored setting, the cookie, the browser's
 * languages), the stored session and the answers kept for the first paint.
 */
export async function bootRead(search = location.search): Promise<BootRead> {
  const query = new URLSearchParams(search).get('lang');
  // No IndexedDB (private windows): nothing stored; the cookie and the browser's languages decide.
  const stored = await peekSettings([SETTING.locale, SETTING.auth, SETTING.keptAnswers]);
  const kept = typeof stored.locale === 'string' ? stored.locale : null;
  return {
    locale: pickLocale([query, kept, readLangCookie(), ...(navigator.languages ?? [navigator.language])]),
    auth: stored.auth,
    kept: stored.keptAnswers,
  };
}
