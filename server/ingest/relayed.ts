// What a home relay (relay/) adds to an upload it sends on: its version, how many uploads wait in its queue,
// and when it received the upload from the console. Declared here once: the relay writes these headers, the
// ingest route reads them. The receipt time is the reading's time when the console sent none (or `now`), so
// an upload sent late from the queue keeps its time; a console's own time still wins (the parsers read it).

export const RELAY_HEADERS = {
  version: 'x-relay',
  queued: 'x-relay-queued',
  /** Unix seconds when the relay received the upload. */
  received: 'x-relay-received',
} as const;

export interface RelayNote {
  version: string;
  /** Uploads waiting in the relay's queue when it sent this one; null when not said. */
  queued: number | null;
  /** Unix seconds when the relay received the upload; null when not said. */
  received: number | null;
}

const count = (text: string) => (/^\d{1,12}$/.test(text) ? Number(text) : null);

/** The relay's note on a request (`get` reads a header, '' when absent); undefined when no relay sent it. */
export function relayOf(get: (name: string) => string): RelayNote | undefined {
  const version = get(RELAY_HEADERS.version).trim();
  if (!version) return undefined;
  return {
    // Shown to the owner: printable and short.
    version: version.replace(/[^\x20-\x7e]/g, '').slice(0, 32),
    queued: count(get(RELAY_HEADERS.queued).trim()),
    received: count(get(RELAY_HEADERS.received).trim()),
  };
}

/** The headers carrying `note`. */
export function relayHeaders(note: RelayNote): Record<string, string> {
  const headers: Record<string, string> = { [RELAY_HEADERS.version]: note.version };
  if (note.queued !== null) headers[RELAY_HEADERS.queued] = String(note.queued);
  if (note.received !== null) headers[RELAY_HEADERS.received] = String(note.received);
  return headers;
}
