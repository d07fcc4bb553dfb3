// History imports from the browser (issue 25; server/import/ does the reading and storing):
//   POST /imports/upload?name=<file name>   the file as the raw body (application/octet-stream), streamed to
//       DATA_DIR/imports/<upload>.file (never held in memory), at most IMPORT_MAX_BYTES (1 GiB); answers
//       {upload, name, size}. Signed-in users only; an upload is its uploader's.
//   POST /imports {upload, device, dryRun: true, timeZone?, units?, mapping?}   the dry-run report, or for a CSV
//       no format claims {columns: {header, delimiter, sample}} to map.
//   POST /imports {…, dryRun: false, policy: keep|replace}   starts the import (or resumes the stopped import of
//       this file into this station) and answers the job at once; GET /imports/<job> is its progress.
//   PATCH /imports/<job> {action: cancel|rollback}; GET /imports?device=<id>: the station's imports, newest first.
// Only the station's owner (or an admin) imports into it.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BadRequest, FeathersError, Forbidden, NotAuthenticated, NotFound } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { FeathersKoaContext } from '@feathersjs/koa';
import type { ImportJob } from '../../../src/domain/imports';
import { canWrite } from '../../../src/domain/stations';
import { isTimeZone } from '../../../src/domain/timeZones';
import type { Application, AuthUser } from '../../declarations';
import { requireAuth } from '../../hooks/auth';
import { asObject, bool, str } from '../../hooks/validate';
import { detect, isUnmapped, UnknownFormatError } from '../../import/detect';
import { ImportError, type Policy, rollbackImport, runImport } from '../../import/run';
import { MappingError } from '../../import/tables';
import type { CsvMapping, ReadOptions } from '../../import/types';
import { NotWeewxError } from '../../import/weewx';
import { forgetRecords } from '../../records/compute';
import { objectId } from '../../storage/ids';

type P = Params & { user?: AuthUser; importFile?: Received | null };

interface Received {
  id: string;
  name: string;
  size: number;
  hash: string;
}

interface UploadMeta extends Received {
  user: string;
}

const DEFAULT_MAX_BYTES = 1024 * 1024 * 1024;
const UPLOAD_ID = /^[a-f0-9]{32}$/;

class PayloadTooLarge extends FeathersError {
  constructor(message: string) {
    super(message, 'PayloadTooLarge', 413, 'payload-too-large', {});
  }
}

export function importLimit(): number {
  const n = Number(process.env.IMPORT_MAX_BYTES);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_MAX_BYTES;
}

const folder = (app: Application) => join(app.ctx.config.dataDir, 'imports');
const fileOf = (app: Application, id: string) => join(folder(app), `${id}.file`);
const metaOf = (app: Application, id: string) => join(folder(app), `${id}.json`);

/** Streams the request body to a file, hashing it on the way; refuses past the limit. */
function receiveUpload(app: Application) {
  return async (ctx: FeathersKoaContext, next: () => Promise<unknown>) => {
    if (ctx.method !== 'POST') return next();
    if (!ctx.feathers?.authentication) throw new NotAuthenticated('Log in to import files');
    const limit = importLimit();
    const declared = Number(ctx.get('content-length'));
    if (declared > limit)
      throw new PayloadTooLarge(`The file is larger than ${Math.round(limit / 1048576)} MB`);
    await mkdir(folder(app), { recursive: true });
    const id = randomBytes(16).toString('hex');
    const hash = createHash('sha256');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > limit)
          return done(new PayloadTooLarge(`The file is larger than ${Math.round(limit / 1048576)} MB`));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(ctx.req, count, createWriteStream(fileOf(app, id)));
    } catch (error) {
      await rm(fileOf(app, id), { force: true });
      if (error instanceof FeathersError) throw error;
      throw new BadRequest(`The upload did not arrive whole: ${(error as Error).message}`);
    }
    if (size === 0) {
      await rm(fileOf(app, id), { force: true });
      throw new BadRequest('The file is empty');
    }
    const raw = typeof ctx.query.name === 'string' ? ctx.query.name : '';
    const name =
      [...raw]
        .filter((ch) => ch >= ' ' && ch !== '/' && ch !== '\\')
        .join('')
        .slice(0, 200) || 'upload';
    ctx.feathers = {
      ...ctx.feathers,
      importFile: { id, name, size, hash: hash.digest('hex') },
    } as typeof ctx.feathers;
    try {
      await next();
    } catch (error) {
      await rm(fileOf(app, id), { force: true });
      throw error;
    }
  };
}

export class ImportUploadService {
  constructor(private app: Application) {}

  async create(_data: unknown, params: P): Promise<{ upload: string; name: string; size: number }> {
    const file = params.importFile;
    if (!file || !params.user) throw new BadRequest('Send the file as the request body');
    const meta: UploadMeta = { ...file, user: params.user._id };
    await writeFile(metaOf(this.app, file.id), JSON.stringify(meta));
    return { upload: file.id, name: file.name, size: file.size };
  }
}

/** A running import of this process, to cancel. */
const running = new Map<string, AbortController>();
/** The upload each running import reads (not swept). */
const readingUploads = new Map<string, string>();

function readOptions(data: Record<string, unknown>, timeZone: string): ReadOptions {
  const zone = str(data, 'timeZone', { max: 64 }) ?? timeZone;
  if (!isTimeZone(zone)) throw new BadRequest('timeZone must be an IANA time zone', { field: 'timeZone' });
  const options: ReadOptions = { timeZone: zone };
  if (data.units !== undefined && data.units !== null) {
    const units = asObject(data.units, 'units');
    const out: Record<string, string> = {};
    for (const k of ['temp', 'wind', 'pressure', 'rain'] as const) {
      const v = str(units, k, { max: 8 });
      if (v !== undefined) out[k] = v;
    }
    options.units = out;
  }
  if (data.mapping !== undefined && data.mapping !== null) {
    const m = asObject(data.mapping, 'mapping');
    const time = str(m, 'time', { required: true, max: 200 })!;
    const timeFormat = str(m, 'timeFormat', { required: true, max: 8 });
    if (timeFormat !== 'unix' && timeFormat !== 'iso' && timeFormat !== 'local')
      throw new BadRequest('mapping.timeFormat must be unix, iso or local', { field: 'mapping' });
    const columns: CsvMapping['columns'] = {};
    const given = asObject(m.columns, 'mapping.columns');
    for (const [name, spec] of Object.entries(given).slice(0, 200)) {
      const s = asObject(spec, 'mapping column');
      columns[name] = {
        key: str(s, 'key', { required: true, max: 32 })!,
        unit: str(s, 'unit', { required: true, max: 16 })!,
      };
    }
    options.mapping = { time, timeFormat, columns };
  }
  return options;
}

export class ImportsService {
  constructor(private app: Application) {}

  private async upload(id: unknown, user: AuthUser): Promise<UploadMeta> {
    if (typeof id !== 'string' || !UPLOAD_ID.test(id))
      throw new BadRequest('upload is not a valid upload', { field: 'upload' });
    const meta = await readFile(metaOf(this.app, id), 'utf8')
      .then((t) => JSON.parse(t) as UploadMeta)
      .catch(() => null);
    if (!meta || meta.user !== user._id) throw new NotFound('No such upload: upload the file again');
    return meta;
  }

  private async device(id: unknown, user: AuthUser | undefined) {
    const device = await this.app.service('weatherDevices').readable(id, user);
    if (!canWrite(device, user)) throw new Forbidden('Only the station owner can import into it');
    return device;
  }

  async create(data: unknown, params: P) {
    const user = params.user!;
    const body = asObject(data);
    const meta = await this.upload(body.upload, user);
    const device = await this.device(body.device, user);
    const dryRun = bool(body, 'dryRun') ?? true;
    const policy = (str(body, 'policy', { max: 8 }) ?? 'keep') as Policy;
    if (policy !== 'keep' && policy !== 'replace')
      throw new BadRequest('policy must be keep or replace', { field: 'policy' });
    const options = readOptions(body, device.timezone || 'UTC');
    const path = fileOf(this.app, meta.id);
    let reader: Awaited<ReturnType<typeof detect>>;
    try {
      reader = await detect(path, options);
    } catch (error) {
      if (
        error instanceof UnknownFormatError ||
        error instanceof NotWeewxError ||
        error instanceof MappingError
      )
        throw new BadRequest(error.message);
      throw error;
    }
    if (isUnmapped(reader))
      return { columns: { header: reader.header, delimiter: reader.delimiter, sample: reader.sample } };
    const knex = this.app.ctx.storage.knex;
    const target = {
      _id: device._id,
      timezone: device.timezone || 'UTC',
      latitude: device.latitude,
      longitude: device.longitude,
    };
    const base = { policy, fileName: meta.name, fileHash: meta.hash, user: user._id };
    if (dryRun) {
      try {
        return { report: await runImport(knex, target, reader, { ...base, dryRun: true }) };
      } finally {
        reader.close?.();
      }
    }
    // The stopped import of this file into this station, if any, is resumed rather than started again.
    const stopped = await knex('importJobs')
      .where({ device: device._id, fileHash: meta.hash })
      .whereIn('status', ['cancelled', 'failed', 'running'])
      .orderBy('createdAt', 'desc')
      .first('_id');
    if (stopped && running.has(stopped._id)) throw new BadRequest('This file is being imported already');
    const jobId = stopped?._id ?? objectId();
    // Running from now on, so a poll right after this answer does not see the stopped state.
    if (stopped)
      await knex('importJobs').where({ _id: jobId }).update({ status: 'running', updatedAt: Date.now() });
    const controller = new AbortController();
    running.set(jobId, controller);
    readingUploads.set(jobId, meta.id);
    const started = runImport(knex, target, reader, {
      ...base,
      dryRun: false,
      resume: stopped?._id,
      jobId,
      signal: controller.signal,
    });
    void started
      .finally(() => {
        running.delete(jobId);
        readingUploads.delete(jobId);
        reader.close?.();
      })
      .then(async (report) => {
        forgetRecords(device._id);
        if (report.status === 'done') await this.removeUpload(meta.id);
      })
      .catch((error: unknown) => this.app.ctx.log.error('import failed', error));
    // Answered once the job row exists, so GET /imports/<job> finds it.
    for (let i = 0; i < 100 && !(await knex('importJobs').where({ _id: jobId }).first('_id')); i++)
      await new Promise((r) => setTimeout(r, 10));
    return { job: await this.get(jobId, params) };
  }

  private async removeUpload(id: string) {
    await rm(fileOf(this.app, id), { force: true });
    await rm(metaOf(this.app, id), { force: true });
  }

  private async job(id: unknown, user: AuthUser | undefined) {
    if (typeof id !== 'string' || !/^[a-f0-9]{24}$/.test(id)) throw new NotFound('No such import');
    const job = await this.app.ctx.storage.knex('importJobs').where({ _id: id }).first();
    if (!job) throw new NotFound('No such import');
    await this.device(job.device, user);
    return job;
  }

  async get(id: unknown, params: P) {
    return present(await this.job(id, params.user));
  }

  async find(params: P) {
    const query = (params.query ?? {}) as Record<string, unknown>;
    const device = await this.device(str(query, 'device', { required: true, max: 24 }), params.user);
    const rows = await this.app.ctx.storage
      .knex('importJobs')
      .where({ device: device._id })
      .orderBy('createdAt', 'desc')
      .limit(20);
    return rows.map(present);
  }

  async patch(id: unknown, data: unknown, params: P) {
    const job = await this.job(id, params.user);
    const action = str(asObject(data), 'action', { required: true, max: 16 });
    if (action === 'cancel') {
      running.get(job._id)?.abort();
      return present(job);
    }
    if (action === 'rollback') {
      if (running.has(job._id)) throw new BadRequest('Cancel the import before undoing it');
      try {
        await rollbackImport(this.app.ctx.storage.knex, job._id);
      } catch (error) {
        if (error instanceof ImportError) throw new BadRequest(error.message);
        throw error;
      }
      forgetRecords(job.device);
      return this.get(job._id, params);
    }
    throw new BadRequest('action must be cancel or rollback', { field: 'action' });
  }
}

export function present(job: Record<string, unknown>): ImportJob {
  return {
    _id: String(job._id),
    device: String(job.device),
    format: job.format as ImportJob['format'],
    source: job.source === 'backfill' ? 'backfill' : 'file',
    fileName: String(job.fileName),
    policy: job.policy as ImportJob['policy'],
    status: job.status as ImportJob['status'],
    position: Number(job.position),
    imported: Number(job.imported),
    skipped: Number(job.skipped),
    error: (job.error as string | null) ?? null,
    createdAt: Number(job.createdAt),
    updatedAt: Number(job.updatedAt),
  };
}

/** Uploads kept this long (s) after their last write: a stopped import resumes from a new upload of the same file. */
export const UPLOAD_DAYS = 7;

/** Removes uploads older than UPLOAD_DAYS that no import of this process is reading; answers how many. */
export async function sweepUploads(app: Application, now = Date.now()): Promise<number> {
  const dir = folder(app);
  const names = await readdir(dir).catch(() => [] as string[]);
  const reading = new Set([...readingUploads.values()]);
  let removed = 0;
  for (const name of names) {
    const id = name.replace(/\.(file|json)$/, '');
    if (!UPLOAD_ID.test(id) || reading.has(id)) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && now - info.mtimeMs > UPLOAD_DAYS * 86400_000) {
      await rm(join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}

export function imports(app: Application): void {
  const timer = setInterval(
    () => void sweepUploads(app).catch((e) => app.ctx.log.error('import sweep failed', e)),
    3600_000,
  );
  timer.unref();
  app.use('imports/upload', new ImportUploadService(app), {
    methods: ['create'],
    koa: { before: [receiveUpload(app)] },
  });
  app.service('imports/upload').hooks({ before: { create: [requireAuth] } });
  app.use('imports', new ImportsService(app), { methods: ['create', 'get', 'find', 'patch'] });
  app.service('imports').hooks({ before: { all: [requireAuth] } });
}
