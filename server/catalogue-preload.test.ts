// The active language's catalogue is preloaded with the page (issue 32): index.html answers with a
// `Link: rel=modulepreload` to the catalogue the app will pick, guessed from ?lang=, the cookie, Accept-Language.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { catalogueFiles, catalogueLink } from './catalogue-preload';
import { startServer, type TestServer } from './testing/server';

const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

function dist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  mkdirSync(join(dir, 'assets'));
  for (const name of [
    'locale-de-BEw92_e9.js',
    'locale-en-CqPxjPGU.js',
    'locale-zh-Hant-Cynz_CxU.js',
    'locale-zh-Hans-B0n-1YIt.js',
    'locale-rest-de-Ck2_a-9Q.js',
    'locale-rest-zh-Hant-D1x-4pQe.js',
    // Not catalogues: a compressed copy, and a chunk whose name merely starts alike.
    'locale-de-BEw92_e9.js.br',
    'index-CcfuCRWy.js',
  ])
    writeFileSync(join(dir, 'assets', name), '');
  return dir;
}

describe('catalogue preload', () => {
  test('finds each built catalogue by its language, the hash-like tails of zh-Hans and zh-Hant included', () => {
    const files = catalogueFiles(dist());
    expect(Object.fromEntries(files)).toEqual({
      de: { first: '/assets/locale-de-BEw92_e9.js', rest: '/assets/locale-rest-de-Ck2_a-9Q.js' },
      en: { first: '/assets/locale-en-CqPxjPGU.js' },
      'zh-Hant': {
        first: '/assets/locale-zh-Hant-Cynz_CxU.js',
        rest: '/assets/locale-rest-zh-Hant-D1x-4pQe.js',
      },
      'zh-Hans': { first: '/assets/locale-zh-Hans-B0n-1YIt.js' },
    });
    expect(catalogueFiles(join(tmpdir(), 'no-such-build')).size).toBe(0);
  });

  test('picks as the app does without its stored setting: ?lang=, the cookie, Accept-Language, English', () => {
    const files = catalogueFiles(dist());
    const link = (query: string | null, headers: Record<string, string>) =>
      catalogueLink(files, query, headers);
    expect(link('de', { cookie: 'lang=en' })).toBe('</assets/locale-de-BEw92_e9.js>; rel=modulepreload');
    expect(link(null, { cookie: 'a=1; lang=zh-Hant' })).toContain('locale-zh-Hant-');
    expect(link(null, { 'accept-language': 'fr-CH;q=0.5, zh-TW;q=0.9' })).toContain('locale-zh-Hant-');
    expect(link(null, {})).toContain('locale-en-');
    // A language this build has no file for: no hint rather than a wrong one.
    expect(link('fr', {})).toBeNull();
  });

  test('the rest of the catalogue only for a page that waits for it (src/domain/cataloguePart.ts)', () => {
    const files = catalogueFiles(dist());
    const first = '</assets/locale-de-BEw92_e9.js>; rel=modulepreload';
    expect(catalogueLink(files, 'de', {}, '/dashboard')).toBe(first);
    expect(catalogueLink(files, 'de', {}, '/login')).toBe(first);
    expect(catalogueLink(files, 'de', {}, '/records/abc')).toBe(
      `${first}, </assets/locale-rest-de-Ck2_a-9Q.js>; rel=modulepreload`,
    );
  });

  describe('on index.html', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startServer({ staticDir: dist(), logLevel: 'error' });
    });
    afterAll(() => t.close());

    test('a navigation carries the Link to the cookie’s catalogue; its 304 too', async () => {
      const headers = { accept: NAVIGATION, cookie: 'lang=de' };
      const res = await fetch(`${t.url}/dashboard`, { headers });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      expect(res.headers.get('link')).toBe('</assets/locale-de-BEw92_e9.js>; rel=modulepreload');
      const help = await fetch(`${t.url}/help`, { headers });
      await help.arrayBuffer();
      expect(help.headers.get('link')).toContain('locale-rest-de-Ck2_a-9Q.js');
      const again = await fetch(`${t.url}/login?lang=zh-Hans`, {
        headers: {
          accept: NAVIGATION,
          'cache-control': 'max-age=0',
          'if-none-match': res.headers.get('etag') as string,
        },
      });
      expect(again.status).toBe(304);
      expect(again.headers.get('link')).toContain('locale-zh-Hans-');
    });
  });
});
