// Profile pictures: set by multipart or JSON, checked by magic bytes and size, readable by the user and by
// people who share a station with them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';
import { AVATAR_MAX_BYTES, imageType } from './pic.class';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]);

function upload(token: string | undefined, bytes: Uint8Array, { field = 'file', type = 'image/png' } = {}) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), 'me.png');
  return fetch(`${t.url}/users/pic`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function picture(token: string | undefined, id: string) {
  const res = await fetch(`${t.url}/users/pic/${id}?t=1`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

describe('avatars', () => {
  test('recognises images by their first bytes', () => {
    expect(imageType(PNG)).toBe('image/png');
    expect(imageType(JPEG)).toBe('image/jpeg');
    expect(imageType(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(imageType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
    expect(imageType(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(imageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  test('a multipart upload sets the picture, which comes back as bytes with its type', async () => {
    const u = await newUser(t, 'pictured');
    expect((await picture(u.token, u.user._id)).status).toBe(404);
    const res = await upload(u.token, PNG);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ user: u.user._id, mime: 'image/png', size: PNG.length });
    const got = await picture(u.token, u.user._id);
    expect(got.status).toBe(200);
    expect(got.type).toBe('image/png');
    expect(got.bytes.equals(PNG)).toBe(true);

    // JSON with a data URL replaces it (the declared type does not matter, the bytes do).
    const patched = await call(t.url, 'PATCH', `/users/pic/${u.user._id}`, {
      token: u.token,
      body: { file: `data:image/png;base64,${JPEG.toString('base64')}` },
    });
    expect(patched.body).toMatchObject({ mime: 'image/jpeg' });
    const again = await picture(u.token, u.user._id);
    expect(again.type).toBe('image/jpeg');
    expect(again.bytes.equals(JPEG)).toBe(true);
  });

  test('refuses non-images, pictures over 512 KB, a missing file and anonymous uploads', async () => {
    const u = await newUser(t, 'refused');
    const text = await upload(u.token, Buffer.from('hello, not a picture at all'), { type: 'image/png' });
    expect(text.status).toBe(400);
    expect((await text.json()).message).toBe('The picture must be a PNG, JPEG, WebP or GIF image');
    const big = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES, 1)]);
    const tooBig = await upload(u.token, big);
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json()).message).toBe('The picture must be 512 KB or smaller');
    const bigJson = await call(t.url, 'POST', '/users/pic', {
      token: u.token,
      body: { file: big.toString('base64') },
    });
    expect(bigJson.status).toBe(400);
    const wrongField = await upload(u.token, PNG, { field: 'picture' });
    expect(wrongField.status).toBe(400);
    expect((await wrongField.json()).message).toBe('Choose a picture to upload (field "file")');
    expect((await call(t.url, 'POST', '/users/pic', { token: u.token, body: {} })).status).toBe(400);
    expect((await call(t.url, 'POST', '/users/pic', { token: u.token, body: { file: 42 } })).status).toBe(
      400,
    );
    expect((await upload(undefined, PNG)).status).toBe(401);
    expect((await picture(u.token, u.user._id)).status).toBe(404);
  });

  test('only the user, the owner and shared users of a station together, and admins see it; only the user changes it', async () => {
    const owner = await newUser(t, 'owner');
    const guest = await newUser(t, 'guest');
    const coGuest = await newUser(t, 'coguest');
    const stranger = await newUser(t, 'stranger');
    const station = await newStation(t, owner.token);
    await t.server.app.ctx.storage
      .knex('weatherDevices')
      .where({ _id: station._id })
      .update({ shareUsers: JSON.stringify([guest.user._id, coGuest.user._id]) });
    t.server.app.ctx.devices.forget();
    for (const u of [owner, guest]) expect((await upload(u.token, PNG)).status).toBe(201);

    expect((await picture(guest.token, owner.user._id)).status).toBe(200);
    expect((await picture(owner.token, guest.user._id)).status).toBe(200);
    // A shared user knows the owner, not who else the station is shared with.
    expect((await picture(coGuest.token, guest.user._id)).status).toBe(404);
    expect((await picture(stranger.token, owner.user._id)).status).toBe(404);
    await t.server.app.ctx.storage.knex('users').where({ _id: stranger.user._id }).update({ isAdmin: true });
    expect((await picture(stranger.token, owner.user._id)).status).toBe(200);
    expect((await picture(undefined, owner.user._id)).status).toBe(401);
    expect((await picture(owner.token, 'not-an-id')).status).toBe(404);

    expect(
      (
        await call(t.url, 'PATCH', `/users/pic/${owner.user._id}`, {
          token: guest.token,
          body: { file: PNG.toString('base64') },
        })
      ).status,
    ).toBe(403);
    expect((await call(t.url, 'DELETE', `/users/pic/${owner.user._id}`, { token: guest.token })).status).toBe(
      403,
    );
    expect((await call(t.url, 'DELETE', `/users/pic/${owner.user._id}`, { token: owner.token })).status).toBe(
      200,
    );
    expect((await picture(guest.token, owner.user._id)).status).toBe(404);
  });
});
