// The camera card's reads (issue 28): the image service over plain fetch, with the account's token when there is
// one (a visitor of a public station has none). Images are shown from object URLs: an <img src> could not carry
// the token. Nothing is kept in IndexedDB; the browser's HTTP cache revalidates the newest image (ETag) and keeps
// an image asked for by its time.
import type { CameraDay } from '../domain/contract';

export interface CameraFrame {
  /** An object URL of the image's bytes (revoke it when done). */
  url: string;
  /** Unix ms of the image. */
  time: number;
}

const base = (device: string) => `/weatherDevices/camera?device=${encodeURIComponent(device)}`;
const headers = (token: string | undefined): HeadersInit =>
  token ? { authorization: `Bearer ${token}` } : {};

/** The newest image (`time` undefined) or the one at or before `time`; null when there is none. */
export async function fetchCameraFrame(
  device: string,
  token: string | undefined,
  time?: number,
  signal?: AbortSignal,
): Promise<CameraFrame | null> {
  const url = time === undefined ? base(device) : `${base(device)}&time=${time}`;
  const res = await fetch(url, { headers: headers(token), signal });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`camera image: HTTP ${res.status}`);
  const at = Number(res.headers.get('x-camera-time'));
  return {
    url: URL.createObjectURL(await res.blob()),
    time: Number.isFinite(at) ? at : (time ?? Date.now()),
  };
}

/** The image times (unix ms, oldest first) of a station-local day `YYYY-MM-DD`. */
export async function fetchCameraDay(
  device: string,
  token: string | undefined,
  day: string,
  signal?: AbortSignal,
): Promise<number[]> {
  const res = await fetch(`${base(device)}&list=${day}`, { headers: headers(token), signal });
  if (!res.ok) throw new Error(`camera list: HTTP ${res.status}`);
  return ((await res.json()) as CameraDay).times;
}
