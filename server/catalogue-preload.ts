// The active language's catalogue, preloaded with the page (issue 32: paint at once). The app picks its language
// only after its script has run and IndexedDB has opened (src/i18n/activate.ts), then imports the catalogue: a
// `Link: rel=modulepreload` on index.html has the browser fetch it alongside the app's own script instead.
// The server guesses as the app would without its stored setting: `?lang=`, the `lang` cookie, Accept-Language.
// Each catalogue has two parts (src/domain/cataloguePart.ts): the first is preloaded for every page, the rest only for a page
// that waits for it (any route but the first-paint ones, which load it after their paint).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_PART_PATHS } from '../src/domain/cataloguePart';
import { DEFAULT_LOCALE, LOCALES, type LocaleId, normalizeLocale } from '../src/domain/locales';
import { requestLocale } from './i18n/locale';

interface CatalogueFiles {
  first: string;
  rest?: string;
}

/** Built catalogue files (vite.config.ts: assets/locale-<id>-HASH.js, assets/locale-rest-<id>-HASH.js). */
export function catalogueFiles(dir: string): Map<LocaleId, CatalogueFiles> {
  const assets = join(dir, 'assets');
  const names = existsSync(assets) ? readdirSync(assets) : [];
  // The hash is 8 characters of [\w-]: `locale-zh-Hant-…` is never read as `locale-zh-…`.
  const find = (prefix: string) =>
    names.find((n) => n.startsWith(prefix) && /^[\w-]{8}\.js$/.test(n.slice(prefix.length)));
  const files = new Map<LocaleId, CatalogueFiles>();
  for (const { id } of LOCALES) {
    const first = find(`locale-${id}-`);
    const rest = find(`locale-rest-${id}-`);
    if (first) files.set(id, { first: `/assets/${first}`, ...(rest && { rest: `/assets/${rest}` }) });
  }
  return files;
}

/** The Link header for a page request, or null when the build has no catalogue of that language. */
export function catalogueLink(
  files: Map<LocaleId, CatalogueFiles>,
  query: string | null | undefined,
  headers: Record<string, unknown>,
  path = '/',
): string | null {
  const locale = normalizeLocale(query) ?? requestLocale(headers) ?? DEFAULT_LOCALE;
  const file = files.get(locale);
  if (!file) return null;
  const wanted = (FIRST_PART_PATHS as readonly string[]).includes(path)
    ? [file.first]
    : [file.first, file.rest];
  return wanted
    .filter((f) => f !== undefined)
    .map((f) => `<${f}>; rel=modulepreload`)
    .join(', ');
}
