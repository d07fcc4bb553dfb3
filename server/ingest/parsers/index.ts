// Station-upload parsers: protocol fields → catalogue keys in base units. No range cleaning or derivation
// here (that is the ingest pipeline's job, with src/domain).

// The protocols' descriptors, which use these parsers (../protocols/), re-exported for the parsers' users.
export {
  type Identity,
  outcomeOf,
  PROTOCOLS,
  type ProtocolInfo,
  replyFor,
  type UploadOutcome,
  type UploadProtocol,
  type UploadReply,
} from '../protocols';
export { parseEcowitt } from './ecowitt';
export { type FieldSource, type Fields, fieldsOf, parseFields } from './fields';
export { type ParsedUpload, type ParseOptions, UploadError, type UploadErrorStatus } from './types';
export {
  BATTERY_LOW,
  BATTERY_OK,
  binaryBattery,
  EARLIEST_PLAUSIBLE,
  levelBattery,
  parseNumber,
  voltBattery,
  zonedWallTimeToUnix,
} from './values';
export { parseWeathercloud } from './weathercloud';
export { parseWindy } from './windy';
export { parseWslink } from './wslink';
export { parsePwsweather, parseWow, parseWunderground } from './wunderground';
