// Station cameras (issue 28): the pure parts shared by the upload endpoint, the image service and the card.
// An IP camera's "HTTP upload" sends one still image, as the raw body or as a multipart form with one file;
// its type is told by its first bytes (a camera's Content-Type is often wrong or application/octet-stream).
import { zonedTime } from './timeZones';

export type CameraMime = 'image/jpeg' | 'image/png' | 'image/webp';

/** The largest image a camera may upload: a 1080p JPEG still is 200–800 KiB. */
export const CAMERA_MAX_BYTES = 2 * 1024 * 1024;

/** The image type its bytes say, or null when they are no JPEG, PNG or WebP image. */
export function sniffCameraImage(b: Uint8Array): CameraMime | null {
  // JPEG: SOI then another marker; at least a few markers' worth of bytes.
  if (b.length >= 16 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length >= 24 && png.every((x, i) => b[i] === x)) return 'image/png';
  const ascii = (at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
  if (b.length >= 16 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP' && ascii(12, 3) === 'VP8')
    return 'image/webp';
  return null;
}

/** Where multipart/form-data went wrong, worded for the uploader. */
export type MultipartResult =
  | { ok: true; bytes: Uint8Array; filename: string | null }
  | { ok: false; error: string };

/** The boundary of a `multipart/form-data; boundary=…` Content-Type, or null. */
export function multipartBoundary(contentType: string): string | null {
  if (!/^\s*multipart\/form-data\s*;/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : null;
}

function indexOf(hay: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  const last = hay.length - needle.length;
  for (let i = from; i <= last; i++) {
    if (hay[i] !== first) continue;
    let j = 1;
    while (j < needle.length && hay[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

const latin1 = (b: Uint8Array) => String.fromCharCode(...b);

/**
 * The one file part of a multipart/form-data body (RFC 7578). Cameras name the field differently (file,
 * image, upload, snapshot…), so any name is taken; other plain fields are ignored; two files are refused.
 */
export function multipartFile(body: Uint8Array, boundary: string): MultipartResult {
  const enc = new TextEncoder();
  const delimiter = enc.encode(`--${boundary}`);
  let at = indexOf(body, delimiter, 0);
  if (at < 0) return { ok: false, error: 'The multipart body has no part with the boundary it names' };
  let file: { bytes: Uint8Array; filename: string | null } | null = null;
  const crlf2 = enc.encode('\r\n\r\n');
  const next = enc.encode(`\r\n--${boundary}`);
  for (;;) {
    at += delimiter.length;
    // "--" after a delimiter closes the body.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) break;
    const headersEnd = indexOf(body, crlf2, at);
    if (headersEnd < 0) return { ok: false, error: 'A multipart part has no end of its headers' };
    const headers = latin1(body.subarray(at, headersEnd));
    const start = headersEnd + 4;
    const end = indexOf(body, next, start);
    if (end < 0) return { ok: false, error: 'The multipart body does not end with its boundary' };
    const disposition = /content-disposition:\s*form-data([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const filename = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    if (filename !== undefined) {
      if (file) return { ok: false, error: 'Send one image per upload (the body has more than one file)' };
      file = { bytes: body.subarray(start, end), filename: filename || null };
    }
    at = end + 2;
  }
  if (!file) return { ok: false, error: 'The multipart body has no file part' };
  return { ok: true, ...file };
}

/** `time=` of the image service: unix ms (digits) or an ISO 8601 date-time with its zone; null when neither. */
export function parseCameraTime(value: string): number | null {
  if (/^\d{1,15}$/.test(value)) return Number(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** A `YYYY-MM-DD` day that exists, as [year, month, day]; null otherwise. */
export function parseCameraDay(value: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  return check.getUTCFullYear() === y && check.getUTCMonth() === mo - 1 && check.getUTCDate() === d
    ? [y, mo, d]
    : null;
}

/** The day's span in the station's zone, unix ms [from, to) (23 or 25 hours on a clock change). */
export function cameraDaySpan(day: [number, number, number], timeZone: string): [number, number] {
  const [y, m, d] = day;
  const from = zonedTime(Date.UTC(y, m - 1, d) / 1000, timeZone) * 1000;
  const to = zonedTime(Date.UTC(y, m - 1, d + 1) / 1000, timeZone) * 1000;
  return [from, to];
}

/** The station-local day (`YYYY-MM-DD`) an instant falls on. */
export function cameraDayOf(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** A time-lapse: the day's image times, the one shown, and whether it plays. */
export interface Timelapse {
  times: number[];
  index: number;
  playing: boolean;
}

/** A day's time-lapse, resting on its newest image. */
export function timelapseOf(times: readonly number[]): Timelapse {
  const sorted = [...new Set(times)].sort((a, b) => a - b);
  return { times: sorted, index: Math.max(0, sorted.length - 1), playing: false };
}

/** One tick of play: the next image; at the last it stops there (pressing play again starts over). */
export function stepTimelapse(s: Timelapse): Timelapse {
  if (s.times.length === 0) return { ...s, playing: false };
  if (s.index >= s.times.length - 1) return { ...s, index: s.times.length - 1, playing: false };
  const index = s.index + 1;
  return { ...s, index, playing: index < s.times.length - 1 };
}

/** Play or pause; play from the last image starts again at the first. */
export function togglePlay(s: Timelapse): Timelapse {
  if (s.playing) return { ...s, playing: false };
  if (s.times.length < 2) return s;
  return { ...s, playing: true, index: s.index >= s.times.length - 1 ? 0 : s.index };
}

/** The scrubber moved to `index` (clamped): play pauses, as in a video player. */
export function seekTimelapse(s: Timelapse, index: number): Timelapse {
  const max = Math.max(0, s.times.length - 1);
  const i = Number.isFinite(index) ? Math.min(max, Math.max(0, Math.round(index))) : s.index;
  return { ...s, index: i, playing: false };
}

/** Milliseconds between frames while playing: a day of 5-minute images (288) plays in about 30 s. */
export const TIMELAPSE_FRAME_MS = 250;

/**
 * The URL a camera uploads to: the portal's public host from /config (PUBLIC_HOST, consoleAddress) as the
 * console setup block names it, else the address the page was opened at. Port 443 is HTTPS, others HTTP.
 */
export function cameraUploadUrl(
  configured: { host: string; port: number } | null | undefined,
  origin: string,
  stationKey: string,
): string {
  const path = `/data/camera/${encodeURIComponent(stationKey)}`;
  if (!configured) return `${origin.replace(/\/$/, '')}${path}`;
  const { host, port } = configured;
  const name = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  if (port === 443) return `https://${name}${path}`;
  return `http://${name}${port === 80 ? '' : `:${port}`}${path}`;
}
