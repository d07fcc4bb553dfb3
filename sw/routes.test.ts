// Which of the page's loaded files go into the service worker's runtime cache (issue 32: a lean precache).
import { describe, expect, it } from 'vitest';
import { hashedAssetUrls, isHashedAsset } from './routes';

const origin = 'https://portal.example';

describe('hashed assets', () => {
  it('are the build files with a content hash under /assets/', () => {
    const yes = [
      '/assets/locale-de-BEw92_e9.js',
      '/assets/locale-zh-Hans-B0n-1YIt.js',
      '/assets/inter-cyrillic-wght-normal-DqGufNeO.woff2',
      '/assets/Account.module-CZlUld-i.js',
    ];
    const no = ['/sw.js', '/assets/readme.txt', '/unsupported-browser.js', '/users/pic/a.png', '/assets/'];
    expect(yes.filter((p) => !isHashedAsset(new URL(p, origin)))).toEqual([]);
    expect(no.filter((p) => isHashedAsset(new URL(p, origin)))).toEqual([]);
  });

  it("keeps this origin's hashed files among the page's loads, once, without their query", () => {
    expect(
      hashedAssetUrls(
        [
          `${origin}/assets/locale-de-BEw92_e9.js`,
          `${origin}/assets/locale-de-BEw92_e9.js?v=2`,
          `${origin}/dashboard`,
          'https://cdn.example/assets/x-AAAAAAAA.js',
          '::not a url::',
          '/assets/inter-latin-ext-wght-normal-DO1Apj_S.woff2',
        ],
        origin,
      ),
    ).toEqual([
      `${origin}/assets/locale-de-BEw92_e9.js`,
      `${origin}/assets/inter-latin-ext-wght-normal-DO1Apj_S.woff2`,
    ]);
  });
});
