// What the Weather Server page, Help and the add-station finish show of an upload protocol: the server's protocol
// descriptors (server/ingest/protocols/) fill these in; the client shows them without knowing any protocol. The
// row names are a closed vocabulary (the client translates each), so a new protocol that reuses them needs no
// client change; a new row name is added here and in the client's words (src/components/SetupRows.tsx).

/** The names of the settings an owner types (English on the wire; shown in the user's language). */
export const SETUP_ROW_NAMES = [
  'Server',
  'Port',
  'Path',
  'Station ID',
  'Station key',
  'Protocol',
  'Server IP / Hostname',
  'Upload interval',
  'Server URL',
  'Site ID',
  'Authentication key',
  'Weathercloud ID',
  'Weathercloud key',
  'API key',
] as const;
export type SetupRowName = (typeof SETUP_ROW_NAMES)[number];

/**
 * `console`: a console's own upload setting (server, port, path: the Weather Server page's tabs, Help);
 * `software`: another network's format station software sends (a whole URL: "further ways to send").
 */
export type ProtocolKind = 'console' | 'software';

/** One protocol's set-up as the server sends it (weatherServer view, /config's templates). */
export interface ProtocolSetupView {
  protocol: string;
  /** As consoles' manuals and station software name it (a proper name: not translated). */
  label: string;
  kind: ProtocolKind;
  /** The station key in the path names the station (the page says to type the path exactly). */
  keyInPath: boolean;
  settings: [name: SetupRowName, value: string][];
  [extra: string]: unknown;
}

/**
 * Placeholders in /config's set-up templates (a page without a station: Help), replaced by the client with the
 * address consoles reach and the station's ID and key, or words saying what goes there.
 */
export const SETUP_TOKENS = {
  host: '{host}',
  port: '{port}',
  stationId: '{stationId}',
  stationKey: '{stationKey}',
} as const;

/** `text` with each token of `values` replaced. */
export function fillSetup(text: string, values: Partial<Record<keyof typeof SETUP_TOKENS, string>>): string {
  let out = text;
  // A function, not the text: a replacement text reads `$&`, `$'`… as patterns (a key may hold them).
  for (const [name, value] of Object.entries(values))
    if (value !== undefined)
      out = out.replaceAll(SETUP_TOKENS[name as keyof typeof SETUP_TOKENS], () => value);
  return out;
}

/** Rows that give the address consoles reach (shown once above the protocols where a page lists several). */
export const ADDRESS_ROWS: ReadonlySet<string> = new Set<SetupRowName>([
  'Server',
  'Port',
  'Server IP / Hostname',
]);
