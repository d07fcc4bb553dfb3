// users/pic: profile pictures, kept in the database (table `avatars`).
//   GET   /users/pic/:userId  → the image bytes, Content-Type from the stored type; for the user themself, an
//                              admin, the owner of a device shared with them, or a user they shared one with; else 404.
//                              A user without a picture → 404.
//   POST  /users/pic          → sets the caller's picture: multipart field `file`, or JSON {file: data URL |
//   PATCH /users/pic/:userId     base64} (socket: {file: Buffer}); PATCH only on one's own id.
//                              → {user, mime, size, updatedAt}
//   DELETE /users/pic/:userId → removes one's own picture.
// Images only (PNG, JPEG, WebP, GIF, recognised by their first bytes, not by the declared type), ≤ 512 KB.
import { readFile, rm } from 'node:fs/promises';
import { BadRequest, Forbidden, NotFound } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { bodyParser, type FeathersKoaContext } from '@feathersjs/koa';
import { ERRORS } from '../../../src/domain/errors';
import type { Application, AuthUser, HookContext } from '../../declarations';
import { codedError } from '../../hooks/error-codes';
import { asObject, id as validId } from '../../hooks/validate';
import { relatedUserIds } from './users-list';

export const AVATAR_MAX_BYTES = 512 * 1024;
export const AVATAR_TOO_LARGE = ERRORS.avatarTooLarge;
export const AVATAR_NOT_IMAGE = ERRORS.avatarNotImage;
export const AVATAR_MISSING = 'Choose a picture to upload (field "file")';
const NO_PICTURE = 'This user has no picture';

type P = Params & { user?: AuthUser };

/** The image type by magic bytes, or null. */
export function imageType(bytes: Uint8Array): string | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** The bytes of `file` in a body: a Buffer (multipart, socket) or a data URL / base64 text (JSON). */
function imageBytes(input: unknown): Buffer {
  const data = asObject(input);
  const file = data.file ?? data.data;
  let bytes: Buffer;
  if (file === undefined || file === null || file === '')
    throw new BadRequest(AVATAR_MISSING, { field: 'file' });
  if (Buffer.isBuffer(file)) bytes = file;
  else if (file instanceof Uint8Array || file instanceof ArrayBuffer) bytes = Buffer.from(file as Uint8Array);
  else if (typeof file === 'string') {
    if (file.length > Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 200)
      throw codedError(BadRequest, 'avatarTooLarge', { field: 'file' });
    const base64 = file.replace(/^data:[\w/+.-]*;base64,/, '');
    if (!/^[A-Za-z0-9+/=\s]*$/.test(base64))
      throw codedError(BadRequest, 'avatarNotImage', { field: 'file' });
    bytes = Buffer.from(base64, 'base64');
  } else throw new BadRequest(AVATAR_MISSING, { field: 'file' });
  if (bytes.length === 0) throw new BadRequest(AVATAR_MISSING, { field: 'file' });
  if (bytes.length > AVATAR_MAX_BYTES) throw codedError(BadRequest, 'avatarTooLarge', { field: 'file' });
  return bytes;
}

export class PicService {
  constructor(private app: Application) {}

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  async get(id: string, params: P): Promise<{ user: string; mime: string; data: Buffer; updatedAt: number }> {
    const userId = validUserId(id);
    if (params.provider && !(await this.maySee(params.user, userId))) throw new NotFound(NO_PICTURE);
    const row = await this.knex('avatars').where({ user: userId }).first();
    if (!row) throw new NotFound(NO_PICTURE);
    return { user: userId, mime: row.mime, data: Buffer.from(row.data), updatedAt: Number(row.updatedAt) };
  }

  async create(data: unknown, params: P) {
    if (!params.user) throw new Forbidden('Not signed in');
    return this.store(params.user._id, data);
  }

  async patch(id: string, data: unknown, params: P) {
    const userId = validUserId(id);
    if (params.provider && params.user?._id !== userId)
      throw new Forbidden('You can only change your own picture');
    return this.store(userId, data);
  }

  async remove(id: string, params: P) {
    const userId = validUserId(id);
    if (params.provider && params.user?._id !== userId)
      throw new Forbidden('You can only remove your own picture');
    const removed = await this.knex('avatars').where({ user: userId }).delete();
    if (!removed) throw new NotFound(NO_PICTURE);
    return { user: userId, removed: true };
  }

  private async store(userId: string, data: unknown) {
    const bytes = imageBytes(data);
    const mime = imageType(bytes);
    if (!mime) throw codedError(BadRequest, 'avatarNotImage', { field: 'file' });
    const row = { user: userId, mime, size: bytes.length, data: bytes, updatedAt: Date.now() };
    await this.knex('avatars').insert(row).onConflict('user').merge(['mime', 'size', 'data', 'updatedAt']);
    return { user: userId, mime, size: bytes.length, updatedAt: row.updatedAt };
  }

  /** The user, an admin, or someone on a device together with them (as owner or shared user). */
  private async maySee(viewer: AuthUser | undefined, userId: string): Promise<boolean> {
    if (!viewer) return false;
    if (viewer._id === userId || viewer.isAdmin) return true;
    return (await relatedUserIds(this.knex, viewer._id)).has(userId);
  }
}

function validUserId(id: unknown): string {
  try {
    return validId(id, 'user');
  } catch {
    throw new NotFound(NO_PICTURE);
  }
}

/** REST answers the bytes with their type (over the socket the same Buffer arrives as binary). */
export function sendImage(context: HookContext): void {
  if (!context.params.provider) return;
  const result = context.result as { mime: string; data: Buffer; updatedAt: number };
  context.http = {
    ...context.http,
    headers: {
      'Content-Type': result.mime,
      'Cache-Control': 'private, max-age=60',
      'Last-Modified': new Date(result.updatedAt).toUTCString(),
      'X-Content-Type-Options': 'nosniff',
    },
  };
  context.dispatch = result.data;
}

const multipart = bodyParser({
  multipart: true,
  json: false,
  urlencoded: false,
  text: false,
  formidable: { maxFileSize: AVATAR_MAX_BYTES, maxFiles: 1, maxFields: 10, allowEmptyFiles: false },
  onError(error) {
    const tooLarge = /maxFileSize|maxTotalFileSize|exceeded/i.test(error.message);
    throw new BadRequest(tooLarge ? AVATAR_TOO_LARGE : `The upload could not be read: ${error.message}`, {
      field: 'file',
    });
  },
});

/** Koa middleware of users/pic only: reads a multipart upload into {file: Buffer} (temp files removed). */
export async function avatarUpload(ctx: FeathersKoaContext, next: () => Promise<unknown>): Promise<unknown> {
  if (!ctx.is('multipart')) return next();
  await multipart(ctx, async () => {});
  const files = ctx.request.files ?? {};
  const all = Object.values(files).flat();
  try {
    const file = files.file ? [files.file].flat()[0] : undefined;
    if (!file) throw new BadRequest(AVATAR_MISSING, { field: 'file' });
    (ctx.request as { body?: unknown }).body = { file: await readFile(file.filepath) };
  } finally {
    await Promise.all(all.map((f) => rm(f.filepath, { force: true })));
  }
  return next();
}
