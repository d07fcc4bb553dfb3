// Where stored samples came from (issue 24; migration 075, src/domain/corrections.ts sourceAt): ranges per
// station. Ingest notes each stored upload's protocol; only a change of protocol writes a row (the run's start),
// so an upload costs a map lookup. An import or a backfill records its closed range when it is done and removes
// it when it is rolled back. A correction's "edit" is told from the edit log, per metric.
import type { Knex } from 'knex';
import type { SampleSource, SourceRange } from '../../src/domain/corrections';

export class SourceLedger {
  /** The source of each station's current console run, as far as this process knows. */
  private current = new Map<string, string>();
  private pending = new Map<string, Promise<void>>();

  constructor(private knex: Knex) {}

  /** A stored upload of `device` at `time` by `source`: a new run when the source changed. */
  note(device: string, time: number, source: SampleSource): Promise<void> | null {
    if (this.current.get(device) === source) return null;
    const before = this.pending.get(device) ?? Promise.resolve();
    const job = before.then(async () => {
      if (this.current.get(device) === source) return;
      const open = await this.knex('sampleSources')
        .where({ device })
        .whereNull('to')
        .orderBy([
          { column: 'from', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .first('source', 'from');
      if (open?.source !== source || Number(open.from) > time)
        await this.knex('sampleSources').insert({ device, from: time, to: null, source });
      this.current.set(device, source);
    });
    const settled = job.finally(() => {
      if (this.pending.get(device) === settled) this.pending.delete(device);
    });
    this.pending.set(device, settled);
    return settled;
  }
}

/** Records what an import or a backfill job stored over [from, to]. */
export async function noteImported(
  knex: Knex,
  device: string,
  job: string,
  source: 'file' | 'backfill',
  from: number,
  to: number,
): Promise<void> {
  // A resumed job's earlier part is already recorded: the range grows.
  const before = await knex('sampleSources').where({ job }).first('from', 'to');
  await knex('sampleSources').where({ job }).delete();
  await knex('sampleSources').insert({
    device,
    from: before ? Math.min(from, Number(before.from)) : from,
    to: before ? Math.max(to, Number(before.to)) : to,
    source: source === 'backfill' ? 'backfill' : 'import',
    job,
  });
}

/** A station's provenance ranges that may cover [from, to]. */
export async function sourceRanges(
  knex: Knex,
  device: string,
  from: number,
  to: number,
): Promise<SourceRange[]> {
  const rows = await knex('sampleSources')
    .where({ device })
    .andWhere('from', '<=', to)
    .andWhere((q) => q.whereNull('to').orWhere('to', '>=', from))
    .orderBy('id');
  return rows.map((r) => ({
    id: Number(r.id),
    from: Number(r.from),
    to: r.to === null ? null : Number(r.to),
    source: r.source as string,
  }));
}
