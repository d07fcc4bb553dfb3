import { describe, expect, test } from 'vitest';
import { sniffImage } from './image';
import { gif, jpeg, png, webp } from './test-images';

describe('image sniffing', () => {
  test('type and size come from the bytes', () => {
    expect(sniffImage(png(640, 480))).toEqual({ mime: 'image/png', ext: 'png', width: 640, height: 480 });
    expect(sniffImage(gif(16, 9))).toEqual({ mime: 'image/gif', ext: 'gif', width: 16, height: 9 });
    expect(sniffImage(jpeg(1920, 1080))).toEqual({
      mime: 'image/jpeg',
      ext: 'jpg',
      width: 1920,
      height: 1080,
    });
    expect(sniffImage(webp(300, 200))).toEqual({ mime: 'image/webp', ext: 'webp', width: 300, height: 200 });
  });

  test('SVG, text, truncated and zero-sized images are refused', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect(sniffImage(svg)).toBeNull();
    expect(sniffImage(Buffer.from('hello, this is not an image at all'))).toBeNull();
    expect(sniffImage(png(10, 10).subarray(0, 12))).toBeNull();
    expect(sniffImage(png(0, 10))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeNull();
  });
});
