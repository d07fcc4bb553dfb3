// `admin/ingestHealth` (issue #15), admins and editors: uploads per minute per protocol over the last hour,
// stations silent for over 30 minutes, and the newest rejected uploads with their reason. Live: after each
// flush of the recorder the new rejections go to the `admins` channel as `admin/ingestHealth created`
// (through Redis to every process's admins when REDIS_URL is set).
import type { IngestHealthView, IngestRejection } from '../../../src/domain/contract';
import {
  HEALTH_MINUTES as MINUTES,
  HEALTH_REJECTIONS as REJECTIONS,
  HEALTH_SILENT as SILENT,
  SILENT_AFTER_S,
} from '../../../src/domain/ingestHealth';
import type { Application } from '../../declarations';
import { requireAdmin, requireAuth } from '../../hooks/auth';
import { PROTOCOL_LABELS, PROTOCOL_NAMES } from '../../ingest/protocols';
import { IngestHealth } from './recorder';

export { SILENT_AFTER_S };

export class IngestHealthService {
  constructor(private app: Application) {}

  /** The server closes: what gathered is written first. */
  async teardown(): Promise<void> {
    await this.app.ctx.ingestHealth?.stop();
  }

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  async find(): Promise<IngestHealthView> {
    const now = Date.now();
    const last = Math.floor(now / 60_000);
    const first = last - MINUTES + 1;
    const protocols = [...PROTOCOL_NAMES];
    const rows: { minute: number | string; protocol: string; result: string; count: number | string }[] =
      await this.knex('ingestMinutes').where('minute', '>=', first).select();
    const minutes: IngestHealthView['minutes'] = [];
    for (let m = first; m <= last; m++)
      minutes.push({
        minute: m,
        counts: Object.fromEntries(protocols.map((p) => [p, { ok: 0, rejected: 0 }])),
      });
    for (const r of rows) {
      const slot = minutes[Number(r.minute) - first];
      if (!slot) continue;
      slot.counts[r.protocol] ??= { ok: 0, rejected: 0 };
      slot.counts[r.protocol][r.result === 'ok' ? 'ok' : 'rejected'] += Number(r.count);
    }
    const cutoff = Math.floor(now / 1000) - SILENT_AFTER_S;
    const silentQuery = () => this.knex('weatherDevices').where('lastUpload', '<', cutoff);
    const silent = await silentQuery()
      .leftJoin('users', 'users._id', 'weatherDevices.user')
      .orderBy('weatherDevices.lastUpload', 'desc')
      .limit(SILENT)
      .select(
        'weatherDevices._id',
        'weatherDevices.wsid',
        'weatherDevices.name',
        'weatherDevices.lastUpload',
        'users.email as owner',
      );
    const counted = (await silentQuery().count({ n: '*' }).first()) as { n: number | string } | undefined;
    const rejections = await this.knex('ingestRejections').orderBy('time', 'desc').limit(REJECTIONS).select();
    return {
      now,
      protocols,
      labels: { ...PROTOCOL_LABELS },
      minutes,
      silent: silent.map((d) => ({ ...d, lastUpload: Number(d.lastUpload), owner: d.owner ?? null })),
      silentTotal: Number(counted?.n ?? 0),
      rejections: rejections.map(rejectionFromDb),
    };
  }
}

export function rejectionFromDb(r: Record<string, unknown>): IngestRejection {
  return {
    _id: r._id as string,
    time: Number(r.time),
    protocol: r.protocol as string,
    reason: r.reason as IngestRejection['reason'],
    station: (r.station as string | null) ?? null,
    device: (r.device as string | null) ?? null,
    detail: (r.detail as string | null) ?? '',
  };
}

export function ingestHealth(app: Application): void {
  app.use('admin/ingestHealth', new IngestHealthService(app), { methods: ['find'] });
  app.service('admin/ingestHealth').hooks({ before: { find: [requireAuth, requireAdmin] } });
  const { storage } = app.ctx;
  const recorder = new IngestHealth(
    storage.knex,
    (rejections) => {
      if (rejections.length > 0) app.service('admin/ingestHealth').emit('created', { rejections } as never);
    },
    (message, error) => app.ctx.log.error(message, error),
  );
  app.ctx.ingestHealth = recorder;
  recorder.start();
}
