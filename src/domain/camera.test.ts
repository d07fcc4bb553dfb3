import { describe, expect, test } from 'vitest';
import {
  cameraDayOf,
  cameraDaySpan,
  cameraUploadUrl,
  multipartBoundary,
  multipartFile,
  parseCameraDay,
  parseCameraTime,
  seekTimelapse,
  sniffCameraImage,
  stepTimelapse,
  timelapseOf,
  togglePlay,
} from './camera';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF\0', [1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const PNG = bytes(
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13],
  'IHDR',
  [0, 0, 0, 1, 0, 0, 0, 1],
);
const WEBP = bytes('RIFF', [24, 0, 0, 0], 'WEBPVP8 ', [10, 0, 0, 0]);

describe('sniffCameraImage', () => {
  test('tells JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffCameraImage(JPEG)).toBe('image/jpeg');
    expect(sniffCameraImage(PNG)).toBe('image/png');
    expect(sniffCameraImage(WEBP)).toBe('image/webp');
  });
  test('refuses text, GIF, SVG, truncated headers and a RIFF that is not WebP', () => {
    expect(sniffCameraImage(bytes('this is not a jpeg, only named .jpg'))).toBeNull();
    expect(sniffCameraImage(bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(sniffCameraImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffCameraImage(JPEG.subarray(0, 3))).toBeNull();
    expect(sniffCameraImage(PNG.subarray(0, 8))).toBeNull();
    expect(sniffCameraImage(bytes('RIFF', [24, 0, 0, 0], 'WAVEfmt ', [0, 0, 0, 0]))).toBeNull();
  });
});

describe('multipart', () => {
  test('the boundary, quoted or not; other types have none', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc123')).toBe('abc123');
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('image/jpeg')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
  });

  const form = (b: string, ...parts: (string | Uint8Array)[]) =>
    Uint8Array.from([
      ...parts.flatMap((p) => [
        ...bytes(`--${b}\r\n`),
        ...(typeof p === 'string' ? bytes(p) : p),
        ...bytes('\r\n'),
      ]),
      ...bytes(`--${b}--\r\n`),
    ]);
  const filePart = (name: string, filename: string, data: Uint8Array) =>
    Uint8Array.from([
      ...bytes(
        `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      ...data,
    ]);

  test('takes the one file part, whatever its field name, byte for byte (CR LF inside kept)', () => {
    const data = Uint8Array.from([...JPEG, 0x0d, 0x0a, 0x2d, 0x2d, 0x0d, 0x0a]);
    const body = form(
      'XyZ',
      'Content-Disposition: form-data; name="camera"\r\n\r\nporch',
      filePart('snapshot', 'a.jpg', data),
    );
    const r = multipartFile(body, 'XyZ');
    expect(r.ok && [...r.bytes]).toEqual([...data]);
    expect(r.ok && r.filename).toBe('a.jpg');
  });

  test('refuses no file, two files, a wrong boundary and a cut body with a reason', () => {
    expect(multipartFile(form('b', 'Content-Disposition: form-data; name="x"\r\n\r\n1'), 'b')).toEqual({
      ok: false,
      error: 'The multipart body has no file part',
    });
    const two = form('b', filePart('a', 'a.jpg', JPEG), filePart('b', 'b.jpg', JPEG));
    expect(multipartFile(two, 'b')).toMatchObject({ ok: false, error: expect.stringMatching(/one image/) });
    expect(multipartFile(form('b', filePart('a', 'a.jpg', JPEG)), 'other')).toMatchObject({ ok: false });
    const cut = form('b', filePart('a', 'a.jpg', JPEG)).subarray(0, 100);
    expect(multipartFile(cut, 'b')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/does not end/),
    });
  });
});

describe('query values', () => {
  test('time: unix ms or ISO with a zone', () => {
    expect(parseCameraTime('1700000000000')).toBe(1700000000000);
    expect(parseCameraTime('2026-11-26T10:00:00Z')).toBe(Date.UTC(2026, 10, 26, 10));
    expect(parseCameraTime('2026-11-26T11:00:00.5+01:00')).toBe(Date.UTC(2026, 10, 26, 10) + 500);
    for (const bad of ['', 'now', '2026-11-26', '2026-11-26T10:00:00', '-5', '1e12', '2026-13-40T10:00:00Z'])
      expect(parseCameraTime(bad), bad).toBeNull();
  });
  test('day: only real calendar days', () => {
    expect(parseCameraDay('2024-02-29')).toEqual([2024, 2, 29]);
    for (const bad of ['2023-02-29', '2026-13-01', '2026-1-1', 'today', '2026-11-26T00:00Z'])
      expect(parseCameraDay(bad), bad).toBeNull();
  });
  test("a day's span in the station's zone, 23 hours on the spring change", () => {
    expect(cameraDaySpan([2026, 11, 26], 'UTC')).toEqual([Date.UTC(2026, 10, 26), Date.UTC(2026, 10, 27)]);
    const [from, to] = cameraDaySpan([2026, 3, 29], 'Europe/Prague');
    expect(from).toBe(Date.UTC(2026, 2, 28, 23));
    expect(to - from).toBe(23 * 3600_000);
    expect(cameraDayOf(Date.UTC(2026, 10, 26, 23, 30), 'Europe/Prague')).toBe('2026-11-27');
    expect(cameraDayOf(Date.UTC(2026, 10, 26, 23, 30), 'UTC')).toBe('2026-11-26');
  });
});

describe('time-lapse', () => {
  test('rests on the newest image, sorted and without repeats', () => {
    expect(timelapseOf([30, 10, 20, 20])).toEqual({ times: [10, 20, 30], index: 2, playing: false });
    expect(timelapseOf([])).toEqual({ times: [], index: 0, playing: false });
  });
  test('play from the end starts over, steps one image a tick and stops on the last', () => {
    let s = togglePlay(timelapseOf([1, 2, 3]));
    expect(s).toMatchObject({ index: 0, playing: true });
    s = stepTimelapse(s);
    expect(s).toMatchObject({ index: 1, playing: true });
    s = stepTimelapse(s);
    expect(s).toMatchObject({ index: 2, playing: false });
    expect(stepTimelapse(s)).toMatchObject({ index: 2, playing: false });
  });
  test('pause keeps the image; play from the middle goes on from there; one image does not play', () => {
    const mid = { times: [1, 2, 3, 4], index: 1, playing: true };
    expect(togglePlay(mid)).toEqual({ ...mid, playing: false });
    expect(togglePlay({ ...mid, playing: false })).toEqual(mid);
    expect(togglePlay(timelapseOf([5]))).toEqual({ times: [5], index: 0, playing: false });
  });
  test('seeking clamps, rounds and pauses', () => {
    const s = { times: [1, 2, 3], index: 0, playing: true };
    expect(seekTimelapse(s, 1.6)).toEqual({ ...s, index: 2, playing: false });
    expect(seekTimelapse(s, 99).index).toBe(2);
    expect(seekTimelapse(s, -3).index).toBe(0);
    expect(seekTimelapse(s, Number.NaN).index).toBe(0);
  });
});

describe('the upload URL', () => {
  test("the public host's scheme and port, else the page's origin; the key escaped", () => {
    expect(cameraUploadUrl({ host: 'weather.example.net', port: 443 }, 'http://x', 'abc')).toBe(
      'https://weather.example.net/data/camera/abc',
    );
    expect(cameraUploadUrl({ host: 'weather.example.net', port: 80 }, 'http://x', 'abc')).toBe(
      'http://weather.example.net/data/camera/abc',
    );
    expect(cameraUploadUrl({ host: '192.168.1.5', port: 8080 }, 'http://x', 'a b')).toBe(
      'http://192.168.1.5:8080/data/camera/a%20b',
    );
    expect(cameraUploadUrl({ host: 'fd00::5', port: 8080 }, 'http://x', 'k')).toBe(
      'http://[fd00::5]:8080/data/camera/k',
    );
    expect(cameraUploadUrl(null, 'https://portal.example/', 'k')).toBe(
      'https://portal.example/data/camera/k',
    );
  });
});

describe('edges the uploads meet (mutation survivors, issue 30)', () => {
  const form = (b: string, ...parts: string[]) =>
    bytes(...parts.map((p) => `--${b}\r\n${p}\r\n`), `--${b}--\r\n`);
  const file = 'Content-Disposition: form-data; name="f"; filename="a.jpg"\r\n\r\nDATA';

  test('each magic byte and the shortest image counted', () => {
    expect(sniffCameraImage(JPEG.subarray(0, 16))).toBe('image/jpeg');
    expect(sniffCameraImage(JPEG.subarray(0, 15))).toBeNull();
    for (const i of [0, 1, 2]) {
      const b = Uint8Array.from(JPEG);
      b[i] = 0;
      expect(sniffCameraImage(b), `JPEG byte ${i}`).toBeNull();
    }
    // One PNG byte right is no PNG: every one of the eight must be.
    const onlyFirst = new Uint8Array(24);
    onlyFirst[0] = 0x89;
    expect(sniffCameraImage(onlyFirst)).toBeNull();
    expect(sniffCameraImage(PNG.subarray(0, 23))).toBeNull();
    expect(sniffCameraImage(WEBP.subarray(0, 16))).toBe('image/webp');
    expect(sniffCameraImage(WEBP.subarray(0, 15))).toBeNull();
    expect(sniffCameraImage(bytes('RIFX', [24, 0, 0, 0], 'WEBPVP8 '))).toBeNull();
    expect(sniffCameraImage(bytes('RIFF', [24, 0, 0, 0], 'WEBXVP8 '))).toBeNull();
    expect(sniffCameraImage(bytes('RIFF', [24, 0, 0, 0], 'WEBPVP9 '))).toBeNull();
    expect(sniffCameraImage(bytes('XXXX', [24, 0, 0, 0], 'WEBPVP8 '))).toBeNull();
    expect(sniffCameraImage(bytes('XXXX', [24, 0, 0, 0], 'XXXXVP8 '))).toBeNull();
  });

  test('the boundary: spaces where the header allows them, the type first', () => {
    expect(multipartBoundary(' multipart/form-data ;boundary=abc')).toBe('abc');
    expect(multipartBoundary('multipart/form-data;boundary=abc')).toBe('abc');
    expect(multipartBoundary('image/jpeg; boundary=abc')).toBeNull();
    expect(multipartBoundary('text/plain; x=multipart/form-data; boundary=abc')).toBeNull();
    expect(multipartBoundary('xmultipart/form-data; boundary=abc')).toBeNull();
  });

  test('refusals worded: no boundary, headers without their end', () => {
    expect(multipartFile(form('b', file), 'other')).toEqual({
      ok: false,
      error: 'The multipart body has no part with the boundary it names',
    });
    const headersCut = { ok: false, error: 'A multipart part has no end of its headers' };
    expect(multipartFile(bytes('--b'), 'b')).toEqual(headersCut);
    expect(multipartFile(bytes('--b\r\nContent-Disposition: form-data; name="x"\r\n--b--'), 'b')).toEqual(
      headersCut,
    );
    // Only `--` right after a boundary closes the body: one dash, or a dash after another character, does not.
    expect(multipartFile(bytes(`--b\r\n${file}\r\n--b-x\r\n`), 'b')).toEqual(headersCut);
    expect(multipartFile(bytes(`--b\r\n${file}\r\n--bx-\r\n`), 'b')).toEqual(headersCut);
  });

  test('the image may hold a bare line feed before the boundary text, and parts may lack a disposition', () => {
    const r = multipartFile(form('b', 'Content-Type: text/plain\r\n\r\nhello', `${file} x\n--b y`), 'b');
    expect(r.ok && latin(r.bytes)).toBe('DATA x\n--b y');
  });

  test('no space after the disposition’s colon or before filename; an empty filename is none', () => {
    const r = multipartFile(
      form('b', 'Content-Disposition:form-data;name="f";filename="c.png"\r\n\r\nPNG'),
      'b',
    );
    expect(r.ok && [latin(r.bytes), r.filename]).toEqual(['PNG', 'c.png']);
    const unnamed = multipartFile(
      form('b', 'Content-Disposition: form-data; name="f"; filename=""\r\n\r\nX'),
      'b',
    );
    expect(unnamed).toEqual({ ok: true, bytes: bytes('X'), filename: null });
  });

  test('time: minutes only, milliseconds, offsets without a colon; no signed or extended years', () => {
    expect(parseCameraTime('2026-11-26T10:00Z')).toBe(Date.UTC(2026, 10, 26, 10));
    expect(parseCameraTime('2026-11-26T10:00:00.123Z')).toBe(Date.UTC(2026, 10, 26, 10) + 123);
    expect(parseCameraTime('2026-11-26T11:00:00+0100')).toBe(Date.UTC(2026, 10, 26, 10));
    expect(parseCameraTime('999999999999999')).toBe(999999999999999);
    for (const bad of ['+002026-11-26T10:00:00Z', '2026-11-26T10:00:00.1234Z', '1234567890123456'])
      expect(parseCameraTime(bad), bad).toBeNull();
  });

  test('day: four-digit years as written (0024 is not 1924), nothing before the date', () => {
    expect(parseCameraDay('0024-02-29')).toBeNull();
    expect(parseCameraDay('12024-02-29')).toBeNull();
    expect(parseCameraDay('2026-12-31')).toEqual([2026, 12, 31]);
  });

  test('time-lapse edges: an empty day stops, two images play', () => {
    expect(stepTimelapse({ times: [], index: 0, playing: true })).toEqual({
      times: [],
      index: 0,
      playing: false,
    });
    expect(togglePlay({ times: [1, 2], index: 1, playing: false })).toEqual({
      times: [1, 2],
      index: 0,
      playing: true,
    });
  });

  test('an IPv6 host already in brackets is kept as it is', () => {
    expect(cameraUploadUrl({ host: '[fd00::5]', port: 8080 }, 'http://x', 'k')).toBe(
      'http://[fd00::5]:8080/data/camera/k',
    );
  });
});

const latin = (b: Uint8Array) => Buffer.from(b).toString('latin1');
