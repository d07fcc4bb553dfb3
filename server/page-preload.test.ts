// The first-paint pages' files are preloaded with index.html (issue 32): from the build's manifest, each page's
// route parts with what they import and their CSS, less what the entry loads itself.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FIRST_PAINT_PAGES } from '../src/domain/firstPaintPages';
import { pageFiles, pageLink } from './page-preload';

// The shape of Vite's dist/.vite/manifest.json (keys are source paths; imports are keys).
const MANIFEST = {
  'index.html': {
    file: 'assets/index-AAAA1111.js',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/index-A.css'],
  },
  '_react.js': { file: 'assets/react-BBBB2222.js' },
  '_shell.js': { file: 'assets/shell-CCCC3333.js', imports: ['_react.js'], css: ['assets/shell-C.css'] },
  'src/app/layouts/AppLayout.tsx': { file: 'assets/AppLayout-DDDD4444.js', imports: ['_shell.js'] },
  'src/pages/dashboard/DashboardPage.tsx': {
    file: 'assets/DashboardPage-EEEE5555.js',
    imports: ['_shell.js', '_cards.js'],
    css: ['assets/DashboardPage-E.css'],
  },
  '_cards.js': { file: 'assets/cards-FFFF6666.js', imports: ['_react.js'] },
  'src/pages/login/LoginPage.tsx': { file: 'assets/LoginPage-GGGG7777.js', imports: ['_react.js'] },
  'src/pages/help/HelpPage.tsx': { file: 'assets/HelpPage-HHHH8888.js' },
};

function dist(manifest?: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  if (manifest) {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}

describe('page preload', () => {
  test("a page's parts, their imports and CSS, once each, without the entry's own files", () => {
    const files = pageFiles(dist(MANIFEST));
    expect(files.get('/dashboard')).toEqual([
      '/assets/AppLayout-DDDD4444.js',
      '/assets/shell-CCCC3333.js',
      '/assets/shell-C.css',
      '/assets/DashboardPage-EEEE5555.js',
      '/assets/DashboardPage-E.css',
      '/assets/cards-FFFF6666.js',
    ]);
    expect(files.get('/login')).toEqual(['/assets/LoginPage-GGGG7777.js']);
    // Not a first-paint page: nothing preloaded.
    expect(files.has('/help')).toBe(false);
    expect(pageLink(files, '/login')).toEqual(['</assets/LoginPage-GGGG7777.js>; rel=modulepreload']);
    expect(pageLink(files, '/dashboard')).toContain('</assets/shell-C.css>; rel=preload; as=style');
    expect(pageLink(files, '/help')).toEqual([]);
  });

  test('no manifest (a development server, a test dist): nothing preloaded', () => {
    expect(pageLink(pageFiles(dist()), '/dashboard')).toEqual([]);
  });

  test('every module the list names exists in the sources (a renamed page fails here, not silently)', () => {
    for (const modules of Object.values(FIRST_PAINT_PAGES))
      for (const m of modules) expect(existsSync(m), m).toBe(true);
  });
});
