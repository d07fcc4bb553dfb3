// The manifest's gaps of issue 32: id, shortcuts to real pages, maskable icons at 192 and 512 px that exist at
// their stated size, a theme colour equal to the app bar's and index.html's, launch_handler; and the build uses it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isUiPath } from '../domain/uiPaths';
import { THEME_COLOR, webManifest } from './web-manifest';

const root = new URL('../../', import.meta.url);
const text = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** Width and height from a PNG's IHDR. */
function pngSize(path: string): string {
  const png = readFileSync(new URL(`public${path}`, root));
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

describe('web app manifest', () => {
  it('has a stable id, the start page in scope, and launch_handler focusing an open window', () => {
    expect(webManifest.id).toBe(webManifest.start_url);
    expect(webManifest.launch_handler.client_mode[0]).toBe('navigate-existing');
  });

  it('has maskable icons at 192 and 512 px, each file the size it states', () => {
    const maskable = webManifest.icons.filter((i) => i.purpose === 'maskable').map((i) => i.sizes);
    expect(maskable).toEqual(['192x192', '512x512']);
    for (const icon of webManifest.icons) expect(pngSize(icon.src)).toBe(icon.sizes);
  });

  it('has wide and narrow screenshots, each the size it states, kept out of the precache', () => {
    expect(webManifest.screenshots.map((s) => s.form_factor)).toEqual(['wide', 'narrow']);
    for (const shot of webManifest.screenshots) expect(pngSize(shot.src)).toBe(shot.sizes);
    expect(text('vite.config.ts')).toContain("'screenshots/**'");
  });

  it("has shortcuts to the app's pages", () => {
    expect(webManifest.shortcuts.length).toBeGreaterThanOrEqual(2);
    for (const s of webManifest.shortcuts) expect(isUiPath(s.url)).toBe(true);
  });

  it("matches the app bar's colour: the light --surface token and index.html's theme-color", () => {
    const tokens = text('src/styles/tokens.css');
    expect(tokens.match(/--surface:\s*(#[0-9a-f]{6})/i)?.[1]).toBe(THEME_COLOR);
    expect(text('index.html')).toContain(`<meta name="theme-color" content="${THEME_COLOR}"`);
    expect(webManifest.theme_color).toBe(THEME_COLOR);
  });

  it('is the manifest the build writes', () => {
    expect(text('vite.config.ts')).toMatch(/manifest:\s*webManifest/);
  });
});
