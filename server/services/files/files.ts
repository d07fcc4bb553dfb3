// Uploads (spec §7 "POST attachments/upload, or /attachments/upload/{dir}, multipart with field file"):
// signed-in users only, images only (PNG, JPEG, GIF, WebP, checked by their bytes; SVG refused), at most
// UPLOAD_MAX_BYTES (2 MB), stored under DATA_DIR/uploads/<dir>/ with a random name and served at /uploads/….
// Answer: {data: {info: {name, size, mime, width, height, src}}} (the client's upload record).
// Limits per account (issue #20): UPLOAD_QUOTA_BYTES in all (413 uploadQuota beyond) and UPLOADS_PER_HOUR (429
// tooManyUploads with Retry-After). Each stored file is recorded (table `attachments`: its account and size);
// files no record names — their account was deleted, or a file the table does not know — are removed by an
// hourly sweep of DATA_DIR/uploads, once an hour old (an upload in flight is never taken).
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { BadRequest, FeathersError, NotAuthenticated, TooManyRequests } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { bodyParser, type FeathersKoaContext } from '@feathersjs/koa';
import { ERRORS } from '../../../src/domain/errors';
import type { Application, AuthUser } from '../../declarations';
import { requireAuth } from '../../hooks/auth';
import { codedError } from '../../hooks/error-codes';
import { AccountLimiter } from '../../hooks/rate-limit';
import { EXT_MIME, sniffImage } from './image';

export const DEFAULT_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
const DIR = /^[a-z0-9-]{1,32}$/;
const SERVED = /^\/uploads\/(?:([a-z0-9-]{1,32})\/)?([a-f0-9]{32}\.(png|jpg|gif|webp))$/;

interface UploadedFile {
  filepath: string;
  size: number;
  originalFilename: string | null;
  mimetype: string | null;
}

type P = Params & { upload?: UploadedFile | null; uploadDir?: string | null; user?: AuthUser };

const HOUR = 3600_000;

export interface UploadInfo {
  name: string;
  size: number;
  mime: string;
  width: number;
  height: number;
  src: string;
}

class PayloadTooLarge extends FeathersError {
  constructor(message: string, data: Record<string, unknown> = {}) {
    super(message, 'PayloadTooLarge', 413, 'payload-too-large', data);
  }
}

export function uploadLimit(): number {
  const n = Number(process.env.UPLOAD_MAX_BYTES);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_UPLOAD_MAX_BYTES;
}

const megabytes = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

export class UploadService {
  private perHour: AccountLimiter;

  constructor(private app: Application) {
    this.perHour = new AccountLimiter('uploads', app.ctx.config.uploadsPerHour ?? 30, HOUR, app.ctx.counters);
  }

  async create(_data: unknown, params: P): Promise<{ data: { info: UploadInfo } }> {
    const dir = params.uploadDir ?? undefined;
    if (dir !== undefined && !DIR.test(dir))
      throw new BadRequest('The folder name may only hold a-z, 0-9 and -, at most 32 characters');
    const file = params.upload;
    if (!file) throw new BadRequest('Send the image as the multipart field "file"', { field: 'file' });
    const user = params.user?._id;
    if (!user) throw new NotAuthenticated('Log in to upload files');
    if (!(await this.perHour.allowed(user)))
      throw codedError(TooManyRequests, 'tooManyUploads', { retryAfter: 600 });
    await this.perHour.hit(user);
    const bytes = await readFile(file.filepath);
    const image = sniffImage(bytes);
    if (!image) throw new BadRequest('Only PNG, JPEG, GIF or WebP images can be uploaded', { field: 'file' });
    const knex = this.app.ctx.storage.knex;
    const quota = this.app.ctx.config.uploadQuotaBytes ?? 20 * 1024 * 1024;
    const used = await knex('attachments')
      .where({ user })
      .sum<{ n: number | string | null }[]>({ n: 'size' });
    if (Number(used[0]?.n ?? 0) + bytes.length > quota)
      throw new PayloadTooLarge(ERRORS.uploadQuota, { code: 'uploadQuota', quota });
    const folder = join(this.app.ctx.config.dataDir, 'uploads', ...(dir ? [dir] : []));
    await mkdir(folder, { recursive: true });
    const stored = `${randomBytes(16).toString('hex')}.${image.ext}`;
    const src = `/uploads/${dir ? `${dir}/` : ''}${stored}`;
    await knex('attachments').insert({ src, user, size: bytes.length, createdAt: Date.now() });
    await rename(file.filepath, join(folder, stored));
    const original = [...(file.originalFilename ?? '')]
      .filter((ch) => ch >= ' ' && ch !== '/' && ch !== '\\')
      .join('')
      .slice(0, 200);
    return {
      data: {
        info: {
          name: original || stored,
          size: bytes.length,
          mime: image.mime,
          width: image.width,
          height: image.height,
          src,
        },
      },
    };
  }
}

/** The folder of `/attachments/upload/<dir>`; null without one. */
function uploadDir(path: string): string | null {
  const rest = path.replace(/^\/attachments\/upload\/?/, '');
  if (rest === '') return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest; // not a valid name: DIR refuses it
  }
}

/** Parses the multipart body of upload requests only (after a cheap credentials check), into params.upload. */
function multipart(app: Application) {
  return async (ctx: FeathersKoaContext, next: () => Promise<unknown>) => {
    if (ctx.method !== 'POST') return next();
    if (!ctx.feathers?.authentication) throw new NotAuthenticated('Log in to upload files');
    // POST /attachments/upload/<dir> reaches this service with <dir> as the route id (read from the path: the
    // route's own params are Feathers internals).
    const dir = uploadDir(ctx.path);
    if (dir !== null && !DIR.test(dir))
      throw new BadRequest('The folder name may only hold a-z, 0-9 and -, at most 32 characters');
    const limit = uploadLimit();
    // Each upload gets its own temporary folder, removed at the end whatever happened: a body refused half-way
    // (too large) leaves a partial file the parser never reports.
    const tmp = join(app.ctx.config.dataDir, 'uploads', '.tmp', randomUUID());
    await mkdir(tmp, { recursive: true });
    try {
      await receive(ctx, next, tmp, limit, dir);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  };
}

/** Parses the body into params.upload and runs the service. */
async function receive(
  ctx: FeathersKoaContext,
  next: () => Promise<unknown>,
  tmp: string,
  limit: number,
  dir: string | null,
) {
  const parse = bodyParser({
    multipart: true,
    urlencoded: false,
    json: false,
    text: false,
    formidable: {
      uploadDir: tmp,
      maxFiles: 1,
      maxFileSize: limit,
      maxTotalFileSize: limit,
      maxFields: 20,
      maxFieldsSize: 64 * 1024,
      allowEmptyFiles: false,
    },
  });
  try {
    await parse(ctx as never, async () => {});
  } catch (error) {
    const e = error as { httpCode?: number; code?: number; message?: string };
    if (e.httpCode === 413 || /maxFileSize|maxTotalFileSize|exceeded/i.test(e.message ?? ''))
      throw new PayloadTooLarge(`The file is larger than ${megabytes(limit)}`);
    throw new BadRequest(`The upload could not be read: ${e.message ?? 'malformed multipart body'}`);
  }
  const files = (ctx.request as unknown as { files?: Record<string, unknown> }).files ?? {};
  const extra = Object.keys(files).filter((k) => k !== 'file');
  const file = (Array.isArray(files.file) ? files.file[0] : files.file) as UploadedFile | undefined;
  const cleanup = async () => {
    for (const f of Object.values(files).flat() as UploadedFile[]) await unlink(f.filepath).catch(() => {});
  };
  if (extra.length) {
    await cleanup();
    throw new BadRequest('Send the image as the multipart field "file"', { field: 'file' });
  }
  ctx.feathers = { ...ctx.feathers, upload: file ?? null, uploadDir: dir } as typeof ctx.feathers;
  try {
    await next();
  } finally {
    await cleanup(); // a stored file was renamed away; anything left is a refused upload
  }
}

/** GET /uploads/[dir/]name: the stored images, with their type and no sniffing. */
function serveUploads(app: Application) {
  return async (ctx: FeathersKoaContext, next: () => Promise<unknown>) => {
    if (ctx.method !== 'GET' || !ctx.path.startsWith('/uploads/')) return next();
    const m = SERVED.exec(ctx.path);
    if (!m) return next();
    const file = join(app.ctx.config.dataDir, 'uploads', ...(m[1] ? [m[1]] : []), m[2]);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return next();
    ctx.status = 200;
    ctx.type = EXT_MIME[m[3] as keyof typeof EXT_MIME];
    ctx.length = info.size;
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'");
    ctx.body = createReadStream(file);
  };
}

/**
 * Removes the files under DATA_DIR/uploads no attachment record names (their account deleted — the records go
 * with it — or never recorded), and left-over temporary folders, once older than `graceMs`. Answers how many.
 */
export async function sweepUploads(app: Application, now = Date.now(), graceMs = HOUR): Promise<number> {
  const root = join(app.ctx.config.dataDir, 'uploads');
  const knex = app.ctx.storage.knex;
  let removed = 0;
  const old = async (path: string) => {
    const info = await stat(path).catch(() => null);
    return info !== null && now - info.mtimeMs >= graceMs;
  };
  const folders = [''];
  for (const entry of await readdir(root, { withFileTypes: true }).catch(() => []))
    if (entry.isDirectory()) {
      if (entry.name === '.tmp') {
        for (const tmp of await readdir(join(root, '.tmp')).catch(() => []))
          if (await old(join(root, '.tmp', tmp)))
            await rm(join(root, '.tmp', tmp), { recursive: true, force: true });
      } else if (DIR.test(entry.name)) folders.push(entry.name);
    }
  for (const folder of folders) {
    const names = (await readdir(join(root, folder), { withFileTypes: true }).catch(() => []))
      .filter((e) => e.isFile())
      .map((e) => e.name);
    for (let i = 0; i < names.length; i += 500) {
      const srcs = names.slice(i, i + 500).map((n) => `/uploads/${folder ? `${folder}/` : ''}${n}`);
      const known = new Set(
        (await knex('attachments').whereIn('src', srcs).select('src')).map((r: { src: string }) => r.src),
      );
      for (const src of srcs) {
        if (known.has(src)) continue;
        const path = join(root, src.slice('/uploads/'.length));
        // Another process's sweep may have removed it first: only what this one removed is counted.
        if (
          (await old(path)) &&
          (await unlink(path).then(
            () => true,
            () => false,
          ))
        )
          removed++;
      }
    }
  }
  return removed;
}

export function files(app: Application): void {
  // One service for both paths: `/attachments/upload/<dir>` is a POST with an id, which Feathers maps to create.
  app.use('attachments/upload', new UploadService(app), {
    methods: ['create'],
    koa: { before: [multipart(app)] },
  });
  app.service('attachments/upload').hooks({ before: { create: [requireAuth] } });
  app.use(serveUploads(app));
  // Each process sweeps its own DATA_DIR (several processes may or may not share one).
  const sweep = setInterval(
    () => void sweepUploads(app).catch((e) => app.ctx.log.error('upload sweep failed', e)),
    HOUR,
  );
  sweep.unref();
  app.hooks({
    teardown: [
      async (_ctx: unknown, next: () => Promise<void>) => {
        clearInterval(sweep);
        await next();
      },
    ],
  } as never);
}
