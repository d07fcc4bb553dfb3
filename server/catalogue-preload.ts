// The active language's catalogue, preloaded with the page (issue 32: paint at once). The app picks its language
// only after its script has run and IndexedDB has opened (src/i18n/activate.ts), then imports the catalogue: a
// `Link: rel=modulepreload` on index.html has the browser fetch it alongside the app's own script instead.
// The server guesses as the app would without its stored setting: `?lang=`, the `lang` cookie, Accept-Language.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LOCALE, LOCALES, type LocaleId, normalizeLocale } from '../src/domain/locales';
import { requestLocale } from './i18n/locale';

/** Built catalogue files (vite.config.ts: assets/locale-<id>-HASH.js) by language. */
export function catalogueFiles(dir: string): Map<LocaleId, string> {
  const assets = join(dir, 'assets');
  const names = existsSync(assets) ? readdirSync(assets) : [];
  const files = new Map<LocaleId, string>();
  for (const { id } of LOCALES) {
    const name = names.find(
      (n) => n.startsWith(`locale-${id}-`) && /^[\w-]{8}\.js$/.test(n.slice(id.length + 8)),
    );
    if (name) files.set(id, `/assets/${name}`);
  }
  return files;
}

/** The Link header for a page request, or null when the build has no catalogue of that language. */
export function catalogueLink(
  files: Map<LocaleId, string>,
  query: string | null | undefined,
  headers: Record<string, unknown>,
): string | null {
  const locale = normalizeLocale(query) ?? requestLocale(headers) ?? DEFAULT_LOCALE;
  const file = files.get(locale);
  return file ? `<${file}>; rel=modulepreload` : null;
}
