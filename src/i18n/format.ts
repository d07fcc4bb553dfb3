// Numbers and relative times in the user's locale (Intl), for readings that arrive as domain text.
import { updatedAgo } from '../domain/ago';
import { compassWord } from './compass';

const INTL_UNIT = { s: 'second', min: 'minute', h: 'hour', d: 'day' } as const;

const rtf = new Map<string, Intl.RelativeTimeFormat>();
const nf = new Map<string, Intl.NumberFormat>();

function relative(locale: string, style: Intl.RelativeTimeFormatStyle) {
  const key = `${locale}|${style}`;
  let f = rtf.get(key);
  if (!f) {
    f = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style });
    rtf.set(key, f);
  }
  return f;
}

/** "12 sec. ago" / "vor 3 Min." — seconds up to 60, then minutes up to 60 (spec §9), then hours and days. */
export function formatAgo(
  seconds: number,
  locale: string,
  style: Intl.RelativeTimeFormatStyle = 'short',
): string {
  const { value, unit } = updatedAgo(seconds);
  return relative(locale, style).format(-value, INTL_UNIT[unit]);
}

/**
 * A domain number text ('21.5', '-3', 'NNE', '---') in the locale's digits and separators, keeping its decimals.
 * A compass point is the reader's word for it (compass.ts); other non-numeric text ('---') is returned unchanged.
 */
export function localizeNumber(text: string, locale: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return compassWord(text);
  const dp = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  const key = `${locale}|${dp}`;
  let f = nf.get(key);
  if (!f) {
    // signDisplay 'negative': a value that rounds to zero is "0.0", never "-0.0".
    f = new Intl.NumberFormat(locale, {
      minimumFractionDigits: dp,
      maximumFractionDigits: dp,
      signDisplay: 'negative',
    });
    nf.set(key, f);
  }
  // The typographic minus (U+2212), right against the digits in every locale: a hyphen reads as a dash.
  return f.format(Number(text)).replace(/^[-\u2212][\s\u00a0\u202f]*/, '\u2212');
}
