// A message the catalogs translate: a stable id and its English text (ICU MessageFormat, `{name}` placeholders,
// `{n, plural, one {…} other {…}}`). The same shape as Lingui's MessageDescriptor, without depending on Lingui.
export interface Words {
  id: string;
  message: string;
}

/** Turns words and their values into text in one language (the app's i18n._, or the server's translator). */
export type Translate = (words: Words, values?: Record<string, unknown>) => string;
