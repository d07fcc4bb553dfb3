// Ingest health (issue #15): the view's windows. The upload protocols it counts, in order and with their labels,
// are the server's descriptors (server/ingest/protocols/); the view carries their labels.
/** A station is silent once its last upload is older than this (seconds). */
export const SILENT_AFTER_S = 30 * 60;
/** Minutes of counts the view holds (the last hour, oldest first). */
export const HEALTH_MINUTES = 60;
/** At most this many newest rejections and silent stations are listed. */
export const HEALTH_REJECTIONS = 50;
export const HEALTH_SILENT = 100;
