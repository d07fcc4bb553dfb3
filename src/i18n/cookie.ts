// The language cookie (spec §9: 365 days) so the server can answer in the same language (mails, exports).
export const LANG_COOKIE = 'lang';
const YEAR_S = 365 * 24 * 60 * 60;

export function readLangCookie(cookie = document.cookie): string | null {
  const m = cookie.match(/(?:^|;\s*)lang=([^;]*)/);
  return m ? decodeURIComponent(m[1]) : null;
}

export function writeLangCookie(locale: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every browser we support
  document.cookie = `${LANG_COOKIE}=${encodeURIComponent(locale)}; max-age=${YEAR_S}; path=/; samesite=lax`;
}
