// PostgreSQL at volume: samples and buckets are partitioned by time (declarative RANGE partitions on `time`,
// unix seconds, UTC periods). Raw samples by day, so retention drops whole days instead of deleting millions of
// rows; 5-minute buckets by month, hourly and daily ones by year. The server creates the partitions ahead
// (createPartitions, hourly under the cluster lock); a row whose partition does not exist yet (a console far
// off in time, a bulk import of old data, a server stopped for days) lands in the table's DEFAULT partition and
// is moved into its own partition at the next pass. SQLite has none of this.
import type { Knex } from 'knex';
import type { StoredTable } from './engine';

type Period = 'day' | 'month' | 'year';
export const PARTITIONED: Record<StoredTable, Period> = {
  samples: 'day',
  buckets5m: 'month',
  buckets1h: 'year',
  buckets1d: 'year',
};
/** Raw samples older than this (s) are not given partitions: retention removes them (retention.ts: 7 days). */
const RAW_SAMPLES_KEPT = 8 * 86400;
/** Periods created ahead of the current one. */
const AHEAD: Record<Period, number> = { day: 2, month: 1, year: 1 };

/** The UTC period holding `time` (unix s): its bounds and the partition's name suffix. */
export function periodOf(period: Period, time: number): { from: number; to: number; suffix: string } {
  const d = new Date(time * 1000);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const start =
    period === 'day'
      ? Date.UTC(y, m, d.getUTCDate())
      : period === 'month'
        ? Date.UTC(y, m, 1)
        : Date.UTC(y, 0, 1);
  const s = new Date(start);
  const end =
    period === 'day'
      ? Date.UTC(y, m, d.getUTCDate() + 1)
      : period === 'month'
        ? Date.UTC(y, m + 1, 1)
        : Date.UTC(y + 1, 0, 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  const suffix =
    `${s.getUTCFullYear()}` +
    (period === 'year' ? '' : pad(s.getUTCMonth() + 1)) +
    (period === 'day' ? pad(s.getUTCDate()) : '');
  return { from: start / 1000, to: end / 1000, suffix };
}

const partitionName = (table: StoredTable, suffix: string) => `${table}_p${suffix}`;
const defaultName = (table: StoredTable) => `${table}_default`;

async function exists(knex: Knex, name: string): Promise<boolean> {
  const { rows } = await knex.raw('SELECT to_regclass(?) IS NOT NULL AS ok', [name]);
  return rows[0].ok === true;
}

/**
 * One period's partition, created if missing. Rows of that period waiting in the DEFAULT partition move into it
 * in the same transaction (PostgreSQL refuses to attach a range the default partition still holds rows of).
 */
async function ensurePartition(knex: Knex, table: StoredTable, time: number): Promise<boolean> {
  const { from, to, suffix } = periodOf(PARTITIONED[table], time);
  const name = partitionName(table, suffix);
  if (await exists(knex, name)) return false;
  await knex.transaction(async (trx) => {
    // Writers of the table wait for the move (milliseconds: the default partition is small). The parent is
    // locked first, as writers lock it first: the other order deadlocks with them.
    await trx.raw('LOCK TABLE ?? IN SHARE ROW EXCLUSIVE MODE', [table]);
    await trx.raw('LOCK TABLE ?? IN ACCESS EXCLUSIVE MODE', [defaultName(table)]);
    if (await exists(trx, name)) return; // another process created it meanwhile
    await trx.raw(`CREATE TABLE ?? (LIKE ?? INCLUDING DEFAULTS)`, [name, table]);
    await trx.raw(
      `WITH moved AS (DELETE FROM ?? WHERE time >= ? AND time < ? RETURNING device, time, data)
       INSERT INTO ?? (device, time, data) SELECT device, time, data FROM moved`,
      [defaultName(table), from, to, name],
    );
    await trx.raw(`ALTER TABLE ?? ATTACH PARTITION ?? FOR VALUES FROM (${from}) TO (${to})`, [table, name]);
  });
  return true;
}

/**
 * Creates the current and next periods' partitions of every table, and one for each period that has rows in a
 * default partition. Returns the names created. Idempotent; cheap when nothing is missing.
 */
export async function createPartitions(knex: Knex, now = Date.now()): Promise<string[]> {
  const created: string[] = [];
  const nowS = Math.floor(now / 1000);
  for (const table of Object.keys(PARTITIONED) as StoredTable[]) {
    const period = PARTITIONED[table];
    let at = periodOf(period, nowS).from;
    for (let i = 0; i <= AHEAD[period]; i++) {
      if (await ensurePartition(knex, table, at))
        created.push(partitionName(table, periodOf(period, at).suffix));
      at = periodOf(period, at).to;
    }
    // Rows in the default partition: one period at a time, from the oldest. Raw samples older than their
    // retention stay there until retention deletes them (a partition per day of an imported year is waste).
    const from = table === 'samples' ? nowS - RAW_SAMPLES_KEPT : 0;
    let moved = false;
    for (;;) {
      const { rows } = await knex.raw('SELECT min(time) AS t FROM ?? WHERE time >= ?', [
        defaultName(table),
        from,
      ]);
      if (rows[0].t === null) break;
      const t = Number(rows[0].t);
      if (!(await ensurePartition(knex, table, t))) break; // exists yet rows stay: leave them, never loop
      created.push(partitionName(table, periodOf(period, t).suffix));
      moved = true;
    }
    // The moved rows leave dead entries in the default partition's index, which every newest-row lookup
    // (batchLastData) walks until they are vacuumed. VACUUM cannot run in a transaction (the migration's).
    if (moved && !knex.isTransaction) await knex.raw('VACUUM (ANALYZE) ??', [defaultName(table)]);
  }
  return created;
}

/**
 * Retention of raw samples: every day partition that ends at or before `before` is dropped (its rows counted
 * first); rows older than `before` in the default partition are deleted. A day partition straddling `before`
 * is kept whole until it has fully expired, so raw samples stay 7 to 8 days. Returns the rows removed.
 */
export async function dropSamplesBefore(knex: Knex, before: number): Promise<number> {
  const { rows } = await knex.raw(
    `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = to_regclass('samples')`,
  );
  let removed = 0;
  for (const { name, bound } of rows as { name: string; bound: string }[]) {
    const to = /TO \('?(\d+)'?\)/.exec(bound)?.[1];
    if (to === undefined || Number(to) > before) continue;
    const counted = await knex.raw('SELECT count(*)::int AS n FROM ??', [name]);
    removed += counted.rows[0].n;
    await knex.raw('DROP TABLE ??', [name]);
  }
  removed += await knex(defaultName('samples')).where('time', '<', before).delete();
  return removed;
}
