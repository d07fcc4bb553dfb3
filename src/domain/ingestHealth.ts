// Ingest health (issue #15): the view's windows, and the upload protocols — their names declared once, in the order
// the view lists them, with their labels. The server's parsers describe each (server/ingest/parsers/protocols.ts
// PROTOCOLS, keyed by these names).
export const UPLOAD_PROTOCOLS = [
  'wslink',
  'wunderground',
  'ecowitt',
  'pwsweather',
  'wow',
  'weathercloud',
  'windy',
] as const;
export type UploadProtocolName = (typeof UPLOAD_PROTOCOLS)[number];

/** Each protocol as consoles' manuals and station software name it (proper names: not translated). */
export const UPLOAD_PROTOCOL_LABELS: Readonly<Record<UploadProtocolName, string>> = {
  wslink: 'WSLink',
  wunderground: 'Wunderground',
  ecowitt: 'Ecowitt',
  pwsweather: 'PWSweather',
  wow: 'Met Office WOW',
  weathercloud: 'Weathercloud',
  windy: 'Windy',
};

/** A station is silent once its last upload is older than this (seconds). */
export const SILENT_AFTER_S = 30 * 60;
/** Minutes of counts the view holds (the last hour, oldest first). */
export const HEALTH_MINUTES = 60;
/** At most this many newest rejections and silent stations are listed. */
export const HEALTH_REJECTIONS = 50;
export const HEALTH_SILENT = 100;
