// Forecast of the selected device (spec §4): reloaded at each hour boundary, and only when the device uploaded
// within the last day (no point forecasting from a dead station). Stored per type in Dexie `forecasts`.

import { newestTime } from '../src/db/rows';
import type { ForecastRow, PortalDb } from '../src/db/schema';
import { type Coded, SERVICES } from '../src/domain/contract';
import type { Connection } from './connection';
import { nowSeconds } from './util';

const TYPES = ['current', 'daily', 'hourly'] as const;
const DAY = 86400;

type Part = Coded | { columns: string[]; rows: ForecastRow['rows']; source?: unknown } | null | undefined;

/** ms until the next full hour (plus a few seconds so the server's hourly forecast is ready). */
export function msToNextHour(nowMs = Date.now(), slackMs = 5000): number {
  return 3_600_000 - (nowMs % 3_600_000) + slackMs;
}

/** Did the device upload within the last day? */
export async function updatedWithinDay(db: PortalDb, device: string, now = nowSeconds()): Promise<boolean> {
  const d = await db.devices.get(device);
  const last = Math.max(d?.lastUpload ?? 0, (await newestTime(db, device)) ?? 0);
  return last > 0 && now - last <= DAY;
}

function toRow(device: string, type: ForecastRow['type'], part: Part): ForecastRow | null {
  if (!part) return null;
  const [columns, rows] = Array.isArray(part) ? part : [part.columns, part.rows];
  if (!Array.isArray(columns) || !Array.isArray(rows)) return null;
  const source = !Array.isArray(part) && typeof part.source === 'string' ? part.source : undefined;
  return { device, type, columns, rows, fetchedAt: Date.now(), ...(source ? { source } : {}) };
}

/** Store a forecast answer ({ current, daily, hourly } each coded) for a device. */
export async function storeForecast(db: PortalDb, device: string, answer: unknown): Promise<number> {
  if (!answer || typeof answer !== 'object') return 0;
  const parts = answer as Record<string, Part>;
  const rows = TYPES.map((t) => toRow(device, t, parts[t])).filter((r): r is ForecastRow => !!r);
  await db.forecasts.bulkPut(rows);
  return rows.length;
}

export class Forecasts {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private db: PortalDb,
    private conn: Connection,
    private selected: () => string | null,
  ) {}

  async load(device: string, force = false): Promise<void> {
    if (!force && !(await updatedWithinDay(this.db, device))) return;
    const answer = await this.conn.find(SERVICES.forecast, { device });
    await storeForecast(this.db, device, answer);
  }

  /** Live `weatherMetrics/forecast created` event: { device, current?, daily?, hourly? }. */
  async onEvent(event: { device?: string } & Record<string, unknown>): Promise<void> {
    if (event?.device) await storeForecast(this.db, event.device, event);
  }

  /** Reload at each hour boundary for the selected device. */
  schedule(): void {
    this.stop();
    this.timer = setTimeout(() => {
      const id = this.selected();
      if (id && this.conn.getState().auth === 'authenticated')
        void this.load(id).catch((e) => console.warn('[forecast]', e));
      this.schedule();
    }, msToNextHour());
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
