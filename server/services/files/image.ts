// Image type and size from the file's own bytes (magic numbers and headers), never from the client's claim.
// SVG is not accepted: it can carry scripts.

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export interface ImageInfo {
  mime: ImageMime;
  ext: 'png' | 'jpg' | 'gif' | 'webp';
  width: number;
  height: number;
}

export const EXT_MIME: Record<ImageInfo['ext'], ImageMime> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const startsWith = (b: Uint8Array, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));

/** The image's type and pixel size, or null when the bytes are not a PNG, JPEG, GIF or WebP image. */
export function sniffImage(b: Uint8Array): ImageInfo | null {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const ok = (info: ImageInfo) => (info.width > 0 && info.height > 0 ? info : null);
  if (
    b.length >= 24 &&
    startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) &&
    ascii(b, 12, 4) === 'IHDR'
  )
    return ok({ mime: 'image/png', ext: 'png', width: dv.getUint32(16), height: dv.getUint32(20) });
  if (b.length >= 10 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a'))
    return ok({ mime: 'image/gif', ext: 'gif', width: dv.getUint16(6, true), height: dv.getUint16(8, true) });
  if (b.length >= 4 && startsWith(b, [0xff, 0xd8, 0xff])) return jpeg(b, dv);
  if (b.length >= 30 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') {
    const chunk = ascii(b, 12, 4);
    if (chunk === 'VP8 ' && startsWith(b, [0x9d, 0x01, 0x2a], 23))
      return ok({
        mime: 'image/webp',
        ext: 'webp',
        width: dv.getUint16(26, true) & 0x3fff,
        height: dv.getUint16(28, true) & 0x3fff,
      });
    if (chunk === 'VP8L' && b[20] === 0x2f) {
      const [b0, b1, b2, b3] = [b[21], b[22], b[23], b[24]];
      return ok({
        mime: 'image/webp',
        ext: 'webp',
        width: 1 + (((b1 & 0x3f) << 8) | b0),
        height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)),
      });
    }
    if (chunk === 'VP8X')
      return ok({
        mime: 'image/webp',
        ext: 'webp',
        width: 1 + (b[24] | (b[25] << 8) | (b[26] << 16)),
        height: 1 + (b[27] | (b[28] << 8) | (b[29] << 16)),
      });
  }
  return null;
}

/** Walks the JPEG markers to the first start-of-frame, which holds the size. */
function jpeg(b: Uint8Array, dv: DataView): ImageInfo | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const len = dv.getUint16(i + 2);
    const sof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (sof) {
      const height = dv.getUint16(i + 5);
      const width = dv.getUint16(i + 7);
      return width > 0 && height > 0 ? { mime: 'image/jpeg', ext: 'jpg', width, height } : null;
    }
    if (len < 2) return null;
    i += 2 + len;
  }
  return null;
}
