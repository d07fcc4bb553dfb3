// Shapes shared by the station-upload parsers. No run-time dependency on src/domain (types only): parsers only map
// protocol fields to catalogue keys and convert to base units; range cleaning and derivation happen later.

export interface ParsedUpload {
  /** The protocol's name (its descriptor's, server/ingest/protocols/). */
  protocol: string;
  /** The field that names the station (wsid, ID, siteid, wid; Ecowitt's PASSKEY); '' when the key does. */
  stationId: string;
  /** The station key sent beside the ID (wspw, PASSWORD…); null when the key itself found the station. */
  stationKey: string | null;
  /** Unix seconds of the reading: from datetime/dateutc when plausible, else the server's `now`. */
  time: number;
  /**
   * Catalogue key -> value in BASE units (°C, %, hPa, m/s, mm, mm/h, W/m², km, ppb, ppm, µg/m³; batteries
   * on the 0..5 level scale). null = the console sent the field but it carried no usable value.
   * Keys the console did not send at all are absent.
   */
  values: Record<string, number | null>;
  /** Fields the console sent that we do not map (meta and credentials excluded): key -> raw value. */
  unmapped: Record<string, string>;
}

export interface ParseOptions {
  /**
   * IANA zone of the console's wall clock (WSLink `datetime` is local time). Without it, or when it is not a
   * zone Intl knows, the wall time is read as UTC.
   */
  timeZone?: string;
}

export type UploadErrorStatus = 400 | 401 | 405;

/** A rejected upload. 400 malformed / missing credentials, 401 wrong credentials, 405 bad data format. */
export class UploadError extends Error {
  status: UploadErrorStatus;
  constructor(status: UploadErrorStatus, message: string) {
    super(message);
    this.status = status;
    this.name = 'UploadError';
  }
}
