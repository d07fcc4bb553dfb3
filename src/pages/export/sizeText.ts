// The export dialog's progress text: bytes received, and the percentage when the size is known.

/** Spec §9: sizes switch units above 512 (B, then KB, then MB). */
export function sizeText(bytes: number, locale: string): string {
  const nf = (v: number, dp = 1) => new Intl.NumberFormat(locale, { maximumFractionDigits: dp }).format(v);
  if (bytes <= 512) return `${nf(bytes, 0)} B`;
  if (bytes <= 512 * 1024) return `${nf(bytes / 1024)} KB`;
  return `${nf(bytes / 1024 / 1024)} MB`;
}

/** Whole percent received, capped at 100; null while the total is unknown. */
export const percentOf = (received: number, total: number | null) =>
  total ? Math.min(100, Math.round((received / total) * 100)) : null;
