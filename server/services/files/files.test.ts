import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newUser, startServer, type TestServer } from '../../testing/server';
import { sweepUploads } from './files';
import { png, webp } from './test-images';

let t: TestServer;
let user: Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  process.env.UPLOAD_MAX_BYTES = String(64 * 1024);
  t = await startServer();
  user = await newUser(t, 'uploader');
});
afterAll(async () => {
  delete process.env.UPLOAD_MAX_BYTES;
  await t.close();
});

async function upload(
  path: string,
  bytes: Uint8Array,
  { token = user.token, name = 'photo.png', type = 'image/png', field = 'file' } = {},
) {
  const form = new FormData();
  form.append(field, new Blob([Uint8Array.from(bytes)], { type }), name);
  const res = await fetch(t.url + path, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: await res.json() };
}

describe('attachments/upload', () => {
  test('stores an image under a random name and serves it back with its type', async () => {
    const bytes = png(120, 80);
    const res = await upload('/attachments/upload', bytes, { name: 'garden.png' });
    expect(res.status).toBe(201);
    expect(res.body.data.info).toMatchObject({
      name: 'garden.png',
      size: bytes.length,
      mime: 'image/png',
      width: 120,
      height: 80,
    });
    expect(res.body.data.info.src).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const served = await fetch(t.url + res.body.data.info.src);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  test('a folder: /attachments/upload/<dir> stores under DATA_DIR/uploads/<dir>/', async () => {
    const res = await upload('/attachments/upload/avatars', webp(64, 64), {
      name: 'me.webp',
      type: 'image/webp',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.info).toMatchObject({ mime: 'image/webp', width: 64, height: 64 });
    expect(res.body.data.info.src).toMatch(/^\/uploads\/avatars\/[a-f0-9]{32}\.webp$/);
    const file = join(t.server.app.ctx.config.dataDir, res.body.data.info.src);
    expect(existsSync(file)).toBe(true);
    expect((await fetch(t.url + res.body.data.info.src)).headers.get('content-type')).toBe('image/webp');
  });

  test('refused: not an image (whatever the mime says), SVG, too large, wrong field, bad folder', async () => {
    const text = await upload('/attachments/upload', Buffer.from('#!/bin/sh\necho pwned\n'), {
      name: 'x.png',
    });
    expect(text.status).toBe(400);
    expect(text.body.message).toMatch(/Only PNG, JPEG, GIF or WebP/);
    const svg = await upload(
      '/attachments/upload',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      {
        name: 'logo.svg',
        type: 'image/svg+xml',
      },
    );
    expect(svg.status).toBe(400);
    const big = await upload('/attachments/upload', Buffer.concat([png(10, 10), Buffer.alloc(70 * 1024)]));
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/larger than/);
    expect((await upload('/attachments/upload', png(4, 4), { field: 'image' })).status).toBe(400);
    const dir = await upload('/attachments/upload/..%2F..%2Fetc', png(4, 4));
    expect(dir.status).toBe(400);
    expect((await upload('/attachments/upload/UPPER', png(4, 4))).status).toBe(400);
    // Nothing refused is left behind.
    const tmp = join(t.server.app.ctx.config.dataDir, 'uploads', '.tmp');
    // Refused uploads are deleted asynchronously (the parser may still be writing when the answer goes out).
    await expect.poll(() => (existsSync(tmp) ? readdirSync(tmp) : []), { timeout: 5000 }).toEqual([]);
  });

  test('logged-in users only', async () => {
    const anon = await upload('/attachments/upload', png(4, 4), { token: '' });
    expect(anon.status).toBe(401);
    const forged = await upload('/attachments/upload', png(4, 4), { token: 'not.a.jwt' });
    expect(forged.status).toBe(401);
    const tmp = join(t.server.app.ctx.config.dataDir, 'uploads', '.tmp');
    // Refused uploads are deleted asynchronously (the parser may still be writing when the answer goes out).
    await expect.poll(() => (existsSync(tmp) ? readdirSync(tmp) : []), { timeout: 5000 }).toEqual([]);
  });

  test('unknown or malformed upload paths are 404, not files', async () => {
    expect((await fetch(`${t.url}/uploads/${'0'.repeat(32)}.png`)).status).toBe(404);
    expect((await fetch(`${t.url}/uploads/../auth-secret.key`)).status).toBe(404);
    expect((await fetch(`${t.url}/uploads/%2e%2e/auth-secret.key`)).status).toBe(404);
  });
});

describe('limits per account and files nobody records (issue #20)', () => {
  test('a quota in bytes, then a rate per hour (429 with Retry-After); another account is not held up', async () => {
    const image = png(60, 60);
    const s = await startServer({ uploadQuotaBytes: image.length * 2 + 10, uploadsPerHour: 4 });
    try {
      const a = await newUser(s, 'quota-a');
      const b = await newUser(s, 'quota-b');
      const send = async (token: string) => {
        const form = new FormData();
        form.append('file', new Blob([Uint8Array.from(image)], { type: 'image/png' }), 'p.png');
        const res = await fetch(`${s.url}/attachments/upload`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${token}` },
        });
        return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') };
      };
      expect((await send(a.token)).status).toBe(201);
      expect((await send(a.token)).status).toBe(201);
      const full = await send(a.token);
      expect(full.status).toBe(413);
      expect(full.body.data.code).toBe('uploadQuota');
      expect((await send(b.token)).status).toBe(201);
      // The 4 uploads of the hour are spent (refused ones count too): the 5th is told when to come back.
      expect((await send(a.token)).status).toBe(413);
      const often = await send(a.token);
      expect(often.status).toBe(429);
      expect(often.body.data.code).toBe('tooManyUploads');
      expect(Number(often.retryAfter)).toBeGreaterThan(0);
    } finally {
      await s.close();
    }
  });

  test('files no record names are removed: those of a deleted account, and unknown ones; recorded ones stay', async () => {
    const owner = await newUser(t, 'sweep-keep');
    const gone = await newUser(t, 'sweep-gone');
    const kept = await upload('/attachments/upload', png(8, 8), { token: owner.token });
    const orphan = await upload('/attachments/upload/things', png(8, 8), { token: gone.token });
    expect([kept.status, orphan.status]).toEqual([201, 201]);
    const pathOf = (src: string) => join(t.server.app.ctx.config.dataDir, src);
    const stray = join(t.server.app.ctx.config.dataDir, 'uploads', `${'a'.repeat(32)}.png`);
    writeFileSync(stray, png(2, 2));
    const knex = t.server.app.ctx.storage.knex;
    await knex('users').where({ _id: gone.user._id }).delete();
    // Within the grace period nothing goes (an upload may be in flight).
    expect(await sweepUploads(t.server.app)).toBe(0);
    expect(await sweepUploads(t.server.app, Date.now() + 2 * 3600_000)).toBeGreaterThanOrEqual(2);
    expect(existsSync(pathOf(orphan.body.data.info.src))).toBe(false);
    expect(existsSync(stray)).toBe(false);
    expect(existsSync(pathOf(kept.body.data.info.src))).toBe(true);
    expect((await fetch(t.url + kept.body.data.info.src)).status).toBe(200);
  });
});
