// The nine catalogs (spec §1) and how a language code from a URL, a cookie or the browser maps onto them.
export const LOCALES = [
  { id: 'en', name: 'English' },
  { id: 'de', name: 'Deutsch' },
  { id: 'fr', name: 'Français' },
  { id: 'it', name: 'Italiano' },
  { id: 'es', name: 'Español' },
  { id: 'nl', name: 'Nederlands' },
  { id: 'cs', name: 'Čeština' },
  { id: 'zh-Hant', name: '繁體中文' },
  { id: 'zh-Hans', name: '简体中文' },
] as const;

export type LocaleId = (typeof LOCALES)[number]['id'];
export const DEFAULT_LOCALE: LocaleId = 'en';

const TRADITIONAL = new Set(['zh-tw', 'zh-hk', 'zh-mo', 'zh-hant']);

/** 'EN', 'de-AT', 'zh-TW', 'zh' … → a catalog id, or null when we have no such language. Case-insensitive. */
export function normalizeLocale(code: string | null | undefined): LocaleId | null {
  if (!code) return null;
  const c = code.trim().replace(/_/g, '-').toLowerCase();
  if (!c) return null;
  if (c === 'zh' || c.startsWith('zh-')) {
    if (TRADITIONAL.has(c) || c.startsWith('zh-hant')) return 'zh-Hant';
    return 'zh-Hans';
  }
  const base = c.split('-')[0];
  return LOCALES.find((l) => l.id === base)?.id ?? null;
}

/** First supported language among the candidates, in order (query, stored setting, cookie, browser). */
export function pickLocale(candidates: readonly (string | null | undefined)[]): LocaleId {
  for (const c of candidates) {
    const id = normalizeLocale(c);
    if (id) return id;
  }
  return DEFAULT_LOCALE;
}
