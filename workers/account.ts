// Online-only account and station actions of the settings screens (password, reset, picture, deleting the
// account, the weather-server view, the data export). Each takes the worker's connection (socket calls) and
// optionally a fetch for the HTTP-only ones (picture bytes, export download). What can be shown offline
// (account facts, picture, weather-server view) is cached in Dexie `settings` so the pages show the last
// known data without a connection.

import { ApiError, toApiError } from '../src/bridge/errors';
import { applyDevice } from '../src/db/apply';
import { getAuth, setAuth } from '../src/db/authStorage';
import { getSetting, SETTING, setSetting, weatherServerKey } from '../src/db/settings';
import { userPictureUrl } from '../src/domain/adminTable';
import { type Device, SERVICES, type User } from '../src/domain/contract';
import type { SampleCorrection, SourcedSample } from '../src/domain/corrections';
import { coded, ERRORS } from '../src/domain/errors';
import type { GapReport } from '../src/domain/gaps';
import type { NeighbourAnswer } from '../src/domain/neighbours';
import type { QcAnswer, QcFlag } from '../src/domain/qc';
import type { RecalibrationReport } from '../src/domain/recalibration';
import type { AccountInfo, ExportFormat, ExportRequest, WeatherServerView } from './api';
import { type Connection, reachable } from './connection';

/** Services of the account screens (server/services/users, weather-server, export). */
export const ACCOUNT_SERVICES = {
  me: 'users/me',
  password: 'users/password',
  reset: 'users/reset',
  remove: 'users/delete',
  pic: 'users/pic',
  weatherServer: 'weatherServer',
  stationGaps: 'stationGaps',
  stationNeighbours: 'stationNeighbours',
  stationRecalibrations: 'stationRecalibrations',
  qcFlags: 'qcFlags',
  sampleCorrections: 'sampleCorrections',
  export: 'weatherMetrics/export',
  downloadTokens: 'downloadTokens',
} as const;

/** English source text; the page translates it (src/i18n/messages.ts). */
export const OFFLINE_MESSAGE = ERRORS.offline;

export interface AccountDeps {
  conn: Connection;
  fetch?: typeof fetch;
}

export async function changePassword(
  { conn }: AccountDeps,
  input: { oldPassword: string; password: string; confirmPassword: string },
): Promise<void> {
  // The change ends every older token (this one too); the answer carries a new one for this device.
  const answer = await conn.create(ACCOUNT_SERVICES.password, input);
  if (answer?.accessToken) await conn.adoptToken(answer.accessToken);
}

/** Reset step 1: mail a code (the same answer whether or not the address is registered). */
export async function requestReset({ conn }: AccountDeps, email: string): Promise<void> {
  await conn.create(ACCOUNT_SERVICES.reset, { email });
}

/** Reset step 2: check the code before asking for the new password. */
export async function verifyResetCode({ conn }: AccountDeps, email: string, code: string): Promise<void> {
  await conn.create(ACCOUNT_SERVICES.reset, { email, code });
}

/** Reset step 3: set the new password with the code. */
export async function resetPassword(
  { conn }: AccountDeps,
  email: string,
  code: string,
  password: string,
): Promise<void> {
  await conn.create(ACCOUNT_SERVICES.reset, { email, code, password });
}

/** users/me: profile, membership and limits; cached in settings.account. Offline: the cached copy. */
export async function loadAccount({ conn }: AccountDeps): Promise<AccountInfo | null> {
  const cached = (await getSetting(conn.db, SETTING.account)) ?? null;
  if (!(await reachable(conn))) return cached;
  const info = await conn.find(ACCOUNT_SERVICES.me, {});
  await setSetting(conn.db, SETTING.account, info);
  const auth = await getAuth(conn.db);
  if (auth?.user && info?.user?._id === auth.user._id)
    await setAuth(conn.db, { ...auth, user: { ...auth.user, ...info.user } });
  return info;
}

const toDataUrl = async (blob: Blob): Promise<string> => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'image/png'};base64,${btoa(bin)}`;
};

/**
 * A user's picture as a data URL (spec §7: GET users/pic/{userId}, the bytes made a data image), null when they
 * have none; undefined when the server cannot be reached. The server decides who may see it (404 otherwise).
 */
async function fetchPicture(
  { conn, fetch: f = fetch }: AccountDeps,
  userId: string,
): Promise<string | null | undefined> {
  const auth = await getAuth(conn.db);
  if (!auth?.accessToken) return null;
  let res: Response;
  try {
    res = await f(userPictureUrl(conn.origin, userId), {
      headers: { Authorization: `Bearer ${auth.accessToken}` },
    });
  } catch {
    return undefined;
  }
  if (res.status === 404) return null;
  if (!res.ok) throw new ApiError(res.statusText || `HTTP ${res.status}`, res.status);
  return toDataUrl(await res.blob());
}

/** The user's picture as a data URL in settings.avatar (null when there is none). */
export async function loadAvatar(deps: AccountDeps): Promise<string | null> {
  const auth = await getAuth(deps.conn.db);
  if (!auth?.user || !auth.accessToken) return null;
  const url = await fetchPicture(deps, auth.user._id);
  if (url === undefined) return (await getSetting(deps.conn.db, SETTING.avatar)) ?? null;
  await setSetting(deps.conn.db, SETTING.avatar, url ?? undefined);
  return url;
}

/** Someone's picture for the admin users table (not kept: other people's data stays off the device). */
export async function userPicture(deps: AccountDeps, userId: string): Promise<string | null> {
  return (await fetchPicture(deps, userId)) ?? null;
}

/** Upload a picture (a data URL of a PNG, JPEG, WebP or GIF; the server checks the bytes and the size). */
export async function uploadAvatar({ conn }: AccountDeps, dataUrl: string): Promise<void> {
  await conn.whenConnected();
  if (!/^data:image\//.test(dataUrl))
    throw new ApiError(ERRORS.avatarNotImage, 400, 'BadRequest', coded('avatarNotImage'));
  await conn.create(ACCOUNT_SERVICES.pic, { file: dataUrl });
  await setSetting(conn.db, SETTING.avatar, dataUrl);
}

export async function removeAvatar({ conn }: AccountDeps): Promise<void> {
  await conn.whenConnected();
  const auth = await getAuth(conn.db);
  if (!auth?.user)
    throw new ApiError(ERRORS.notAuthenticated, 401, 'NotAuthenticated', coded('notAuthenticated'));
  try {
    await conn.remove(ACCOUNT_SERVICES.pic, auth.user._id);
  } catch (e) {
    if (toApiError(e).code !== 404) throw e;
  }
  await setSetting(conn.db, SETTING.avatar, undefined);
}

/** Delete the account on the server (the password is required). The caller then clears local data. */
export async function deleteAccount({ conn }: AccountDeps, password: string): Promise<void> {
  await conn.create(ACCOUNT_SERVICES.remove, { password });
}

/** The weather-server view of an owned station, cached per device. Offline: the cached copy (or null). */
export async function loadWeatherServer(
  { conn }: AccountDeps,
  device: string,
): Promise<WeatherServerView | null> {
  const key = weatherServerKey(device);
  if (!(await reachable(conn))) return (await getSetting(conn.db, key)) ?? null;
  const view = await conn.find(ACCOUNT_SERVICES.weatherServer, {
    device,
  });
  const stored: WeatherServerView = { ...view, fetchedAt: Date.now() };
  await setSetting(conn.db, key, stored);
  return stored;
}

/** Gaps in a station's data over the last `days` (issue 27), as the server finds them; online only. */
export async function loadStationGaps(
  { conn }: AccountDeps,
  device: string,
  days: number,
): Promise<GapReport> {
  return conn.find(ACCOUNT_SERVICES.stationGaps, { device, days });
}

/** How the station compares with its public neighbours (issue 24); online only, for the owner. */
export async function loadNeighbourHints({ conn }: AccountDeps, device: string): Promise<NeighbourAnswer> {
  return conn.find(ACCOUNT_SERVICES.stationNeighbours, { device });
}

/**
 * Re-applying a metric's calibration to history from `from` (unix s; issue 24): the preview (nothing changes) or
 * the owner's apply; online only.
 */
export async function recalibrateHistory(
  { conn }: AccountDeps,
  device: string,
  key: string,
  from: number,
  apply: boolean,
): Promise<RecalibrationReport> {
  await conn.whenConnected();
  return apply
    ? conn.create(ACCOUNT_SERVICES.stationRecalibrations, { device, key, from })
    : ((await conn.find(ACCOUNT_SERVICES.stationRecalibrations, {
        device,
        key,
        from,
      })) as RecalibrationReport);
}

/** The values quality control left out of a station's data, by day, and its gaps (issue 24); online only. */
export async function loadQcFlags({ conn }: AccountDeps, device: string, days: number): Promise<QcAnswer> {
  return conn.find(ACCOUNT_SERVICES.qcFlags, { device, days });
}

/** The owner's decision on a flagged value: accepted (back into the data) or rejected; online only. */
export async function decideQcFlag(
  { conn }: AccountDeps,
  id: string,
  status: 'accepted' | 'rejected',
): Promise<QcFlag> {
  return conn.patch(ACCOUNT_SERVICES.qcFlags, id, { status });
}

/** A station's edit log of corrections (issue 24); online only, for the owner. */
export async function loadCorrections({ conn }: AccountDeps, device: string): Promise<SampleCorrection[]> {
  return (await conn.find(ACCOUNT_SERVICES.sampleCorrections, { device })) as SampleCorrection[];
}

/** A station's raw samples of [from, to) with where each came from (issue 24); online only, for the owner. */
export async function loadSourcedSamples(
  { conn }: AccountDeps,
  device: string,
  from: number,
  to: number,
): Promise<SourcedSample[]> {
  return (await conn.find(ACCOUNT_SERVICES.sampleCorrections, {
    device,
    from,
    to,
    samples: true,
  })) as SourcedSample[];
}

/** Draw a new station key (the console must then be updated); refreshes the device and the cached view. */
export async function regenerateStationKey({ conn }: AccountDeps, device: string): Promise<string> {
  const updated = await conn.patch(SERVICES.devices, device, { stationKey: 'regenerate' });
  await applyDevice(conn.db, updated);
  const key = weatherServerKey(device);
  const cached = await getSetting(conn.db, key);
  if (cached && updated.stationKey)
    await setSetting(conn.db, key, {
      ...cached,
      stationKey: updated.stationKey,
      protocols: cached.protocols.map((p) => ({
        ...p,
        // The key is a value of its own (WSLink) or part of one (the Ecowitt path /data/report/<key>).
        settings: p.settings?.map(([k, v]) => [k, v.replaceAll(cached.stationKey, updated.stationKey!)]),
      })),
    });
  return updated.stationKey ?? '';
}

/**
 * The console's MAC and whether uploads may identify the station by it (macAuth); refreshes the device and
 * the cached view. Online only: the server may refuse a MAC another station claimed (409).
 */
export async function setMacIdentification(
  { conn }: AccountDeps,
  device: string,
  input: { mac: string | null; macAuth: boolean },
): Promise<Device> {
  const updated = await conn.patch(SERVICES.devices, device, input);
  await applyDevice(conn.db, updated);
  const key = weatherServerKey(device);
  const cached = await getSetting(conn.db, key);
  if (cached)
    await setSetting(conn.db, key, {
      ...cached,
      protocols: cached.protocols.map((p) =>
        p.protocol === 'ecowitt' ? { ...p, mac: updated.mac ?? null, macAuth: !!updated.macAuth } : p,
      ),
    });
  return updated;
}

const running = new Map<string, AbortController>();

/**
 * The export URL. It carries a download token (a minute, this path only) rather than the access token: a URL
 * may end up in history and logs.
 */
export function exportUrl(origin: string, req: ExportRequest, downloadToken: string): string {
  const q = new URLSearchParams({
    device: req.device,
    startTime: String(req.startTime),
    endTime: String(req.endTime),
    format: req.format,
    ...(req.locale ? { locale: req.locale } : {}),
    $downloadToken: downloadToken,
  });
  return `${origin.replace(/\/$/, '')}/${ACCOUNT_SERVICES.export}?${q}`;
}

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  weewx: 'application/vnd.sqlite3',
  cumulus: 'text/plain',
};

/**
 * Download an export: streams the answer, reporting bytes received (and the expected total when the server
 * sends a length); `cancelExport(id)` aborts it. Resolves with the file and its name.
 */
export async function runExport(
  { conn, fetch: f = fetch }: AccountDeps,
  id: string,
  req: ExportRequest,
  onProgress?: (received: number, total: number | null) => void,
): Promise<{ blob: Blob; name: string }> {
  // Registered before any await, so a cancel right after the call still finds it.
  const controller = new AbortController();
  running.get(id)?.abort();
  running.set(id, controller);
  try {
    const auth = await getAuth(conn.db);
    if (!auth?.accessToken)
      throw new ApiError(ERRORS.notAuthenticated, 401, 'NotAuthenticated', coded('notAuthenticated'));
    if (controller.signal.aborted) throw new ApiError('Export cancelled', 499, 'Cancelled');
    const { token } = await conn.create(ACCOUNT_SERVICES.downloadTokens, {
      path: ACCOUNT_SERVICES.export,
    });
    if (controller.signal.aborted) throw new ApiError('Export cancelled', 499, 'Cancelled');
    let res: Response;
    try {
      res = await f(exportUrl(conn.origin, req, token), { signal: controller.signal });
    } catch (e) {
      if (controller.signal.aborted) throw new ApiError('Export cancelled', 499, 'Cancelled');
      throw new ApiError(OFFLINE_MESSAGE, 0, 'Offline', { cause: toApiError(e).message });
    }
    if (!res.ok) {
      let message = res.statusText || `HTTP ${res.status}`;
      try {
        message = ((await res.json()) as { message?: string }).message || message;
      } catch {
        // Not a JSON error body (a proxy's page): the status text stands.
      }
      throw new ApiError(message, res.status);
    }
    const total = Number(res.headers.get('Content-Length')) || null;
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let received = 0;
    const reader = res.body?.getReader();
    if (reader) {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value as Uint8Array<ArrayBuffer>);
          received += value.byteLength;
          onProgress?.(received, total);
        }
      } catch (e) {
        if (controller.signal.aborted) throw new ApiError('Export cancelled', 499, 'Cancelled');
        throw e;
      }
    } else {
      const buf = new Uint8Array(await res.arrayBuffer());
      chunks.push(buf);
      onProgress?.(buf.byteLength, buf.byteLength);
    }
    const disposition = res.headers.get('Content-Disposition') ?? '';
    const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `export.${req.format}`;
    return { blob: new Blob(chunks, { type: MIME[req.format] }), name };
  } finally {
    if (running.get(id) === controller) running.delete(id);
  }
}

export function cancelExport(id: string): void {
  running.get(id)?.abort();
  running.delete(id);
}

export type { User };
