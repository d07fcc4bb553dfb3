// What a network's format module gives the forwarder: the request for one sample, and how to read the answer.
import type { Sample } from '../../../../src/domain/types';

export type OutgoingRequest = HttpRequest | AprsRequest;

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Form-encoded body (POST). */
  body?: string;
}

/** CWOP: a login and a packet line over TCP to an APRS-IS server (`aprs://host:port`, server/net/aprs.ts). */
export interface AprsRequest {
  method: 'APRS';
  url: string;
  lines: { login: string; packet: string };
}

/**
 * ok: stored. rejected: the network refuses the station ID or key (counts towards pausing). retry: a passing
 * failure (server error, rate limit, network down): try again with backoff. failed: this sample was refused
 * for another reason (sending it again would not help): wait for the next interval.
 */
export type Verdict =
  | { kind: 'ok'; message: string }
  | { kind: 'rejected' | 'retry' | 'failed'; message: string };

export interface TargetFields {
  stationId: string;
  key: string;
  url: string | null;
}

export interface StationFacts {
  latitude: number | null;
  longitude: number | null;
  /** Rain of the past 24 hours in mm, where a network asks for it (CWOP); the forwarder adds it from storage. */
  rain24h?: number | null;
}

export interface NetworkFormat {
  build(target: TargetFields, sample: Sample, station: StationFacts, endpoint: string): OutgoingRequest;
  judge(status: number, body: string): Verdict;
}

/** Software name sent where a protocol asks for one. */
export const SOFTWARE = 'weather-portal';
export const SOFTWARE_VERSION = '0.1';

/** The common reading of an HTTP status: 2xx ok, 401/403 a refused key, 429 and 5xx passing, else failed. */
export function byStatus(status: number, body: string): Verdict {
  const text = `HTTP ${status}${body.trim() ? `: ${body.trim().slice(0, 120)}` : ''}`;
  if (status >= 200 && status < 300) return { kind: 'ok', message: 'ok' };
  if (status === 401 || status === 403) return { kind: 'rejected', message: text };
  if (status === 429 || status >= 500) return { kind: 'retry', message: text };
  return { kind: 'failed', message: text };
}
