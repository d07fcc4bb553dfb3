// The upload protocols: one descriptor each (descriptor.ts says what one holds), listed here in the order the
// ingest-health view and the Weather Server page show them: consoles' own first, then other networks' formats.
// A new protocol is its parser (../parsers/), its descriptor file and its line below; everything else —
// endpoints, replies, credentials, stray detection, labels, set-up rows, HAProxy's rules, the README table —
// is derived (protocols.test.ts walks every descriptor through each).
import type { ProtocolSetupView } from '../../../src/domain/uploadSetup';
import { SETUP_TOKENS } from '../../../src/domain/uploadSetup';
import type { UploadErrorStatus } from '../parsers/types';
import type { ProtocolInfo, SetupContext, UploadOutcome, UploadReply } from './descriptor';
import { ecowitt } from './ecowitt';
import { pwsweather } from './pwsweather';
import { weathercloud } from './weathercloud';
import { windy } from './windy';
import { wow } from './wow';
import { wslink } from './wslink';
import { wunderground } from './wunderground';

export const PROTOCOL_LIST = [wslink, wunderground, ecowitt, pwsweather, wow, weathercloud, windy] as const;

/** A protocol's name on the wire. */
export type UploadProtocol = (typeof PROTOCOL_LIST)[number]['name'];

/** Each descriptor by its name, in the list's order. */
export const PROTOCOLS = Object.fromEntries(PROTOCOL_LIST.map((info) => [info.name, info])) as Readonly<
  Record<UploadProtocol, ProtocolInfo<UploadProtocol>>
>;

/** The protocols' names, in order. */
export const PROTOCOL_NAMES: readonly UploadProtocol[] = PROTOCOL_LIST.map((info) => info.name);

/** Each protocol's label by its name (ingest health shows these). */
export const PROTOCOL_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  PROTOCOL_LIST.map((info) => [info.name, info.label]),
);

/**
 * The reply a console of `protocol` expects for `outcome`. `message` (e.g. an UploadError's) replaces the
 * default text of an error reply where the protocol carries one; it is ignored for `ok`, whose body consoles
 * may check.
 */
export function replyFor(protocol: UploadProtocol, outcome: UploadOutcome, message?: string): UploadReply {
  return PROTOCOLS[protocol].reply(outcome, message);
}

/** The outcome that answers an UploadError of `status`. */
export function outcomeOf(status: UploadErrorStatus): UploadOutcome {
  if (status === 401) return 'unauthorized';
  if (status === 405) return 'badFormat';
  return 'badRequest';
}

/** One protocol's set-up for `station`, as the Weather Server page shows it. */
export function setupView(info: ProtocolInfo, station: SetupContext): ProtocolSetupView {
  return {
    protocol: info.name,
    label: info.label,
    kind: info.kind,
    keyInPath: info.keyPath !== undefined,
    ...info.setup(station),
  };
}

/**
 * The consoles' set-up with placeholders for the address and the station (src/domain/uploadSetup.ts
 * SETUP_TOKENS): /config gives them to pages without a station (Help), which fill them in.
 */
export function setupTemplates(): ProtocolSetupView[] {
  const template: SetupContext = {
    serverName: `${SETUP_TOKENS.host}:${SETUP_TOKENS.port}`,
    host: SETUP_TOKENS.host,
    port: SETUP_TOKENS.port,
    scheme: 'http',
    stationId: SETUP_TOKENS.stationId,
    stationKey: SETUP_TOKENS.stationKey,
    mac: null,
    macAuth: false,
  };
  return PROTOCOL_LIST.filter((info) => info.kind === 'console').map((info) => {
    const { protocol, label, kind, keyInPath, settings } = setupView(info, template);
    return { protocol, label, kind, keyInPath, settings };
  });
}

export type {
  Identity,
  ProtocolInfo,
  ProtocolSetup,
  SetupContext,
  UploadOutcome,
  UploadReply,
} from './descriptor';
