// Loads a compiled catalog on demand and makes it the active language; remembers the choice (Dexie + cookie).
import { i18n } from '@lingui/core';
import { saveLocale } from '../db/edits';
import { db } from '../db/schema';
import { getSetting, SETTING, setSetting } from '../db/settings';
import { readLangCookie, writeLangCookie } from './cookie';
import { type LocaleId, pickLocale } from './locales';

export async function activateLocale(locale: LocaleId): Promise<void> {
  if (i18n.locale === locale) return;
  const { messages } = await import(`../../locales/${locale}.po`);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  writeLangCookie(locale);
}

/** The user picked a language: activate it and keep it for the next start. */
export async function chooseLocale(locale: LocaleId): Promise<void> {
  await activateLocale(locale);
  // The language is active either way; without IndexedDB (private windows) it is not kept for the next start.
  await setSetting(db, SETTING.locale, locale).catch((e: unknown) =>
    console.warn('[i18n] the language choice could not be kept', e),
  );
  // The account learns it too, so its e-mails and pushes follow (server/i18n/locale.ts).
  await saveLocale(locale).catch((e: unknown) =>
    console.warn('[i18n] the account language was not queued', e),
  );
}

/** Start-up order: `?lang=`, the stored setting, the cookie, the browser's languages. */
export async function initialLocale(search = location.search): Promise<LocaleId> {
  const query = new URLSearchParams(search).get('lang');
  const stored = await getSetting(db, SETTING.locale)
    .then((value) => (typeof value === 'string' ? value : null))
    .catch((e: unknown) => {
      // No IndexedDB (private windows): the cookie and the browser's languages decide.
      console.warn('[i18n] stored language unreadable', e);
      return null;
    });
  return pickLocale([query, stored, readLangCookie(), ...(navigator.languages ?? [navigator.language])]);
}
