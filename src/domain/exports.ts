// The history export (docs/upload-protocols.md §4): what the Export page offers and the server accepts.

/** Longest export: a bit over a year of 5-minute rows. */
export const MAX_EXPORT_DAYS = 400;

/** Spreadsheets, and the files of WeeWX (its archive database) and CumulusMX (its monthly log): issue 25. */
export const EXPORT_FORMATS = ['csv', 'xlsx', 'weewx', 'cumulus'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const isExportFormat = (v: unknown): v is ExportFormat =>
  (EXPORT_FORMATS as readonly unknown[]).includes(v);
