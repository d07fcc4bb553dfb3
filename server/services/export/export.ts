// weatherMetrics/export — a file download of a station's 5-minute history (docs/upload-protocols.md §4):
//   GET /weatherMetrics/export?device&startTime&endTime&format=csv|xlsx|weewx|cumulus&locale&<unit prefs>
// Authorised by `Authorization: Bearer <jwt>` (third-party calls) or, on a plain link, `$downloadToken=<token>`
// from POST /downloadTokens (server/auth/download-token.ts: a minute, this path only); `$accessToken` is refused. Units: query parameters, else the user's stored displaySetting, else the
// domain defaults. The file streams out one device-local day at a time. Columns (issue #13): only the readings
// the station has a value for in the range, named as the dashboard names them (the user's channel names), a
// units row, empty cells where a value is missing. Exports leave the event loop to other requests every few ms
// (rows.ts slicer), and each user runs one at a time (a second one is a 429 exportBusy with Retry-After).
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { BadRequest, TooManyRequests } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { EXPORT_FORMATS, isExportFormat, MAX_EXPORT_DAYS } from '../../../src/domain/exports';
import { DEFAULT_TIME_ZONE } from '../../../src/domain/timeZones';
import {
  DEFAULT_UNIT_PREFS,
  type UnitPrefs,
  unitPrefRule,
  unitPrefValue,
} from '../../../src/domain/unitPrefs';
import { MESSAGES } from '../../../src/domain/validate';
import type { Translate } from '../../../src/domain/words';
import { xlsxStream } from '../../../src/domain/xlsx';
import { downloadToken, downloadTokens } from '../../auth/download-token';
import type { Application, AuthUser, HookContext } from '../../declarations';
import { requireAuth } from '../../hooks/auth';
import { codedError } from '../../hooks/error-codes';
import { str } from '../../hooks/validate';
import { translator } from '../../i18n/catalogs';
import { requestLocale, userLocale } from '../../i18n/locale';
import type { DeviceRow } from '../devices/device-record';
import { exportColumns, headerRows } from './columns';
import { cumulusLog, cumulusLogName, weewxArchive } from './leave';
import { csvLine, exportRows, localTime, presentKeys } from './rows';

type P = Params & { user?: AuthUser };

/** Picks valid unit preferences out of `source` (`strict`: an invalid value is a 400, else ignored). */
export function unitPrefs(source: Record<string, unknown>, strict: boolean): Partial<UnitPrefs> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(DEFAULT_UNIT_PREFS) as (keyof UnitPrefs)[]) {
    const v = source[key];
    if (v === undefined || v === null || v === '') continue;
    const stored = unitPrefValue(key, typeof v === 'number' ? String(v) : v, true);
    if (stored !== undefined) out[key] = stored;
    else if (strict) throw new BadRequest(unitPrefRule(key), { field: key });
  }
  return out as Partial<UnitPrefs>;
}

function instant(query: Record<string, unknown>, key: string): number {
  const raw = str(query, key, { required: true, max: 40 })!;
  const ms = /^\d+$/.test(raw) ? Number(raw) * 1000 : Date.parse(raw);
  if (!Number.isFinite(ms) || ms < 0 || ms > 4102444800000)
    throw new BadRequest(`${key} must be an ISO date or unix seconds`, { field: key });
  return Math.floor(ms / 1000);
}

const fileDate = (t: number, tz: string) => localTime(t, tz).slice(0, 10).replace(/-/g, '');

/** Seconds a refused export is told to wait before trying again. */
export const EXPORT_RETRY_AFTER_S = 10;

export class ExportService {
  /** Users with an export streaming now (on this process): one at a time each (issue #20). */
  private running = new Set<string>();

  constructor(private app: Application) {}

  async find(params: P): Promise<Readable> {
    const query = (params.query ?? {}) as Record<string, unknown>;
    if (params.provider && params.provider !== 'rest')
      throw new BadRequest('Download the export over HTTP: GET /weatherMetrics/export');
    const format = query.format ?? 'csv';
    if (!isExportFormat(format))
      throw new BadRequest(`format must be ${EXPORT_FORMATS.join(' or ')}`, { field: 'format' });
    const locale = str(query, 'locale', { max: 16 });
    if (locale !== undefined && !/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/.test(locale))
      throw new BadRequest('locale must be a language code such as en or zh-Hant', { field: 'locale' });
    let from = instant(query, 'startTime');
    const to = instant(query, 'endTime');
    if (to <= from) throw codedError(BadRequest, 'invalidTimePeriod');
    if (to - from > MAX_EXPORT_DAYS * 86400)
      throw new BadRequest(`${MESSAGES.invalidTimePeriod}: at most ${MAX_EXPORT_DAYS} days`);
    const fromQuery = unitPrefs(query, true);
    if (query.device === undefined || query.device === '') throw new BadRequest('device is required');
    const device = await this.app.service('weatherDevices').readableData(query.device, params.user);
    const stored = await this.storedPrefs(params.user);
    const prefs: Partial<UnitPrefs> = { ...DEFAULT_UNIT_PREFS, ...stored, ...fromQuery };
    from -= from % 300;

    // One export at a time per user: a second one while the first streams is a 429 with Retry-After.
    const who = params.user?._id ?? 'internal';
    if (this.running.has(who))
      throw codedError(TooManyRequests, 'exportBusy', { retryAfter: EXPORT_RETRY_AFTER_S });
    this.running.add(who);
    const release = () => this.running.delete(who);
    try {
      // Headers in the reader's language: the locale asked for, else the account's, else the request's.
      const t = translator(
        locale ??
          (params.user ? await userLocale(this.app, params.user._id) : null) ??
          requestLocale((params as { headers?: Record<string, unknown> }).headers),
      );
      const { stream, name } = await this.file(device, from, to, prefs, format, t);
      // Ends with the stream: sent, failed, or the client went away (Koa destroys the body).
      stream.once('close', release);
      (params as { exportFile?: unknown }).exportFile = { name, format };
      return stream;
    } catch (error) {
      release();
      throw error;
    }
  }

  private async file(
    device: DeviceRow,
    from: number,
    to: number,
    prefs: Partial<UnitPrefs>,
    format: string,
    t: Translate,
  ) {
    const tz = device.timezone || DEFAULT_TIME_ZONE;
    const range = { device: { _id: device._id, timezone: tz }, from, to, prefs };
    const name = `${device.wsid}_${fileDate(from, tz)}_${fileDate(to - 1, tz)}.${format}`;
    const store = this.app.ctx.samples;
    const columns = exportColumns(await presentKeys(store, range), device.channelNameMapping ?? [], t);
    const headers = headerRows(columns, prefs, t);
    let body: Readable;
    if (format === 'weewx' || format === 'cumulus') {
      // Export to leave (leave.ts): the files WeeWX and CumulusMX read, in their units, not the user's.
      const leaving = { device: range.device, from, to };
      body =
        format === 'weewx'
          ? await weewxArchive(store, leaving, join(this.app.ctx.config.dataDir, 'exports'))
          : Readable.from(cumulusLog(store, leaving));
      const month = cumulusLogName(from, tz) === cumulusLogName(to - 1, tz);
      const file =
        format === 'weewx'
          ? `${device.wsid}_${fileDate(from, tz)}_${fileDate(to - 1, tz)}_weewx.sdb`
          : month
            ? cumulusLogName(from, tz)
            : `${device.wsid}_${fileDate(from, tz)}_${fileDate(to - 1, tz)}_cumulus-log.txt`;
      return { stream: body, name: file };
    }
    if (format === 'csv') {
      body = Readable.from(
        (async function* () {
          yield `\uFEFF${csvLine(headers[0])}${csvLine(headers[1])}`;
          let batch = '';
          for await (const row of exportRows(store, range, columns)) {
            batch += csvLine(row);
            if (batch.length > 64 * 1024) {
              yield batch;
              batch = '';
            }
          }
          if (batch) yield batch;
        })(),
        { objectMode: false },
      );
    } else {
      body = Readable.from(
        xlsxStream(
          (async function* () {
            yield headers[0];
            yield headers[1];
            yield* exportRows(store, range, columns);
          })(),
          (device.wsid || 'Export').replace(/[[\]:*?/\\]/g, ''),
        ),
      );
    }
    return { stream: body, name };
  }

  private storedPrefs(user: AuthUser | undefined): Promise<Partial<UnitPrefs>> {
    return storedUnitPrefs(this.app, user);
  }
}

/** The user's stored unit choices (displaySetting, and the older temperatureUnit column); none for a guest. */
export async function storedUnitPrefs(
  app: Application,
  user: AuthUser | undefined,
): Promise<Partial<UnitPrefs>> {
  if (!user) return {};
  const row = await app.ctx.storage
    .knex('users')
    .where({ _id: user._id })
    .first('displaySetting', 'temperatureUnit');
  let setting: Record<string, unknown> = {};
  try {
    setting = row?.displaySetting ? JSON.parse(row.displaySetting) : {};
  } catch {
    setting = {};
  }
  return unitPrefs(
    { temperature: row?.temperatureUnit, ...(setting && typeof setting === 'object' ? setting : {}) },
    false,
  );
}
const EXPORT_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  weewx: 'application/vnd.sqlite3',
  cumulus: 'text/plain; charset=utf-8',
};

/** The download headers: file type and name. */
function downloadHeaders(context: HookContext): void {
  const file = (context.params as { exportFile?: { name: string; format: string } }).exportFile;
  if (!file) return;
  context.http = {
    ...context.http,
    headers: {
      ...(context.http?.headers ?? {}),
      'Content-Type': EXPORT_TYPES[file.format] ?? 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'no-store',
    },
  };
}

export function exportService(app: Application): void {
  app.use('weatherMetrics/export', new ExportService(app), { methods: ['find'] });
  app.service('weatherMetrics/export').hooks({
    before: { find: [downloadToken, requireAuth] },
    after: { find: [downloadHeaders] },
  });
  downloadTokens(app);
}
