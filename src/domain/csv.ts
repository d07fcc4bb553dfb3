// CSV as the exports write it (the station history on the server, the admin tables in the data worker): RFC 4180
// quoting, CRLF lines, and a byte-order mark first so spreadsheet programs read UTF-8 (spec §9).

export const CSV_BOM = '\uFEFF';

/** A number as spreadsheets read it (a negative reading starts with '-' and stays a number). */
export const NUMERIC = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * Text a spreadsheet would run as a formula (issue #20: a channel name `=HYPERLINK(…)`, a first name `=cmd|…`)
 * made plain text: a text starting with = + - @, a tab or a carriage return gets a leading apostrophe, which
 * spreadsheet programs read as "text follows". Numbers (and dashes alone) are left as they are. Every CSV field and every XLSX
 * text cell goes through this.
 */
export function spreadsheetText(v: string): string {
  // Dashes alone ('---', the "no value" of tables) cannot hold a formula and stay as they are.
  return /^[=+\-@\t\r]/.test(v) && !NUMERIC.test(v) && !/^-+$/.test(v) ? `'${v}` : v;
}

/** One CSV field: formulas neutralised, RFC 4180 quoting when needed. */
export function csvField(value: string): string {
  const v = spreadsheetText(value);
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export const csvLine = (fields: string[]) => `${fields.map(csvField).join(',')}\r\n`;
