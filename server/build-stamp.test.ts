// `npm start` builds the web app again when its sources changed since the last build (a `git pull` served the
// old UI: only a missing dist/index.html made it build).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReason, writeStamp } from './build-stamp';

describe('build stamp', () => {
  it('a build is needed on the first start, after an older build, and when a source changed', () => {
    const root = mkdtempSync(join(tmpdir(), 'stamp-'));
    const dist = join(root, 'dist');
    mkdirSync(join(root, 'src', 'pages'), { recursive: true });
    mkdirSync(dist);
    writeFileSync(join(root, 'src', 'pages', 'Page.tsx'), 'export const a = 1;');
    writeFileSync(join(root, 'package.json'), '{"version":"1.0.0"}');
    expect(buildReason(root, dist)).toBe('first start');
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    expect(buildReason(root, dist)).toBe('built by an older version');
    writeStamp(root, dist);
    expect(buildReason(root, dist)).toBeNull();

    // A test file is not built: no new build for it.
    writeFileSync(join(root, 'src', 'pages', 'Page.test.tsx'), 'test');
    expect(buildReason(root, dist)).toBeNull();
    // A changed, added or removed source is.
    writeFileSync(join(root, 'src', 'pages', 'Page.tsx'), 'export const a = 2;');
    expect(buildReason(root, dist)).toBe('the sources changed');
    writeStamp(root, dist);
    writeFileSync(join(root, 'src', 'pages', 'Other.tsx'), '');
    expect(buildReason(root, dist)).toBe('the sources changed');
    rmSync(join(root, 'src', 'pages', 'Other.tsx'));
    expect(buildReason(root, dist)).toBeNull();
    writeFileSync(join(root, 'package.json'), '{"version":"1.0.1"}');
    expect(buildReason(root, dist)).toBe('the sources changed');
  });

  it('the real build leaves its stamp, matching the sources it was built from', () => {
    // vite.precompress.ts writes it after every build; no build here, only the same fingerprint both ways.
    const root = mkdtempSync(join(tmpdir(), 'stamp-'));
    const dist = join(root, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '');
    writeStamp(join(import.meta.dirname, '..'), dist);
    expect(buildReason(join(import.meta.dirname, '..'), dist)).toBeNull();
  });
});
