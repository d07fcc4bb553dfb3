// The two parts of each language's catalogue (issue 21, bundle budget): the first holds the messages of the code
// that paints a first screen (the dashboard and the sign-in page with their layouts, cards and words), the rest
// the others. Boot loads the first part; the rest follows right after the first paint (i18n/activate.ts). A
// message is in the first part when any of its places in the sources (the catalogue's `#:` lines) is under one of
// these folders or files. e2e/catalogue-first-part.spec.ts paints both screens with the rest blocked.
export const FIRST_PART_SOURCES = [
  'src/app/',
  'src/cards/',
  'src/charts/',
  'src/components/',
  'src/domain/',
  'src/i18n/compass.ts',
  'src/i18n/LanguageSelector.tsx',
  'src/pages/dashboard/',
  'src/pages/login/',
] as const;

/** The routes whose first paint needs only the first part. Any other route waits for the whole catalogue. */
export const FIRST_PART_PATHS = ['/', '/login', '/dashboard'] as const;

export type CataloguePart = 'first' | 'rest';

/** Which part a message belongs to, by its places in the sources. */
export function partOf(origins: readonly string[]): CataloguePart {
  return origins.some((o) => FIRST_PART_SOURCES.some((s) => o.startsWith(s))) ? 'first' : 'rest';
}
