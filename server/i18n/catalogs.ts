// The server speaks the reader's language with the app's own catalogs (locales/*.po): e-mails, pushes, exports.
// The words it uses are declared once in src/domain/words with stable ids; this reads each catalog's
// translations at first use and formats them with Lingui (ICU plurals by the language's rules).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, LOCALES, type LocaleId, normalizeLocale } from '../../src/domain/locales';
import type { Translate } from '../../src/domain/words';

const LOCALES_DIR = join(import.meta.dirname, '..', '..', 'locales');

/**
 * msgid → msgstr of a .po file (continuation lines joined, escapes decoded); empty translations left out. A
 * message with a context is keyed `context\u0004msgid` (gettext's form), so "Light" the theme and "Light" the
 * sensor card do not overwrite the context-free word the server asks for.
 */
export function readPo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const entry = /^(?:msgctxt ((?:".*"\n?)+))?msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/gm;
  const join = (quoted: string) =>
    quoted
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as string)
      .join('');
  for (const m of text.matchAll(entry)) {
    const id = m[1] ? `${join(m[1])}\u0004${join(m[2])}` : join(m[2]);
    const str = join(m[3]);
    if (id && str) out[id] = str;
  }
  return out;
}

const loaded = new Map<LocaleId, I18n>();

function i18nFor(locale: LocaleId): I18n {
  let i18n = loaded.get(locale);
  if (!i18n) {
    const messages = readPo(readFileSync(join(LOCALES_DIR, `${locale}.po`), 'utf8'));
    i18n = setupI18n();
    i18n.setMessagesCompiler(compileMessage);
    i18n.loadAndActivate({ locale, messages });
    loaded.set(locale, i18n);
  }
  return i18n;
}

/** A translator for a language code (any form: 'de-AT', 'zh-TW'…); unknown codes get English. */
export function translator(code: string | null | undefined): Translate & { locale: LocaleId } {
  const locale = normalizeLocale(code) ?? DEFAULT_LOCALE;
  const i18n = i18nFor(locale);
  // A message missing from a catalog falls back to its English text (the catalog test keeps them complete).
  const t = (words: { id: string; message: string }, values?: Record<string, unknown>) =>
    i18n._({ id: words.id, message: words.message, values });
  return Object.assign(t, { locale });
}

export const SERVER_LOCALES: readonly LocaleId[] = LOCALES.map((l) => l.id);
