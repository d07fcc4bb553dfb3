// CSV as the exports write it (the station history on the server, the admin tables in the data worker): RFC 4180
// quoting, CRLF lines, and a byte-order mark first so spreadsheet programs read UTF-8 (spec §9).

export const CSV_BOM = '\uFEFF';

/** One CSV field (RFC 4180 quoting when needed). */
export function csvField(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export const csvLine = (fields: string[]) => `${fields.map(csvField).join(',')}\r\n`;
