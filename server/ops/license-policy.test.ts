import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { declaredLicense, judge } from './license-policy';
import { licenseReport } from './license-report';

describe('judge', () => {
  test.each([
    'MIT',
    'Apache-2.0',
    '(MIT OR CC0-1.0)',
    'MIT OR Apache-2.0',
    'BSD-3-Clause AND MIT',
    'GPL-2.0-or-later',
    'GPL-2.0+',
    'LGPL-3.0-or-later',
    'AGPL-3.0-or-later',
    'GPL-3.0-only WITH Classpath-exception-2.0',
    '(GPL-2.0-only OR MIT)',
  ])('%s is compatible', (license) => {
    expect(judge(license)).toEqual({ ok: true });
  });

  test.each([
    ['UNLICENSED', /proprietary/],
    ['SSPL-1.0', /service/],
    ['CC-BY-NC-4.0', /non-commercial/],
    ['CC-BY-NC-SA-3.0', /non-commercial/],
    ['MIT AND Commons-Clause', /Commons Clause/],
    ['Apache-2.0 WITH Commons-Clause-1.0', /not an exception known/],
    ['GPL-2.0-only', /GPL-2.0-only/],
    ['MIT AND BUSL-1.1', /Business Source/],
    ['SEE LICENSE IN LICENSE.md', /custom license/],
    ['Proprietary', /review it/],
    ['(MIT OR', /incomplete/],
  ])('%s is refused', (license, reason) => {
    const verdict = judge(license);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? '' : verdict.reason).toMatch(reason);
  });

  test('no license at all is refused', () => {
    expect(judge(null)).toMatchObject({ ok: false, reason: 'no license declared' });
  });

  test('the old forms of package.json', () => {
    expect(declaredLicense({ license: { type: 'ISC' } })).toBe('ISC');
    expect(declaredLicense({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] })).toBe(
      '(MIT OR Apache-2.0)',
    );
    expect(declaredLicense({})).toBeNull();
  });
});

describe('licenseReport', () => {
  const pkg = (dir: string, body: Record<string, unknown>) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify(body));
  };

  test('counts licenses and names each incompatible package, nested and scoped ones too', () => {
    const root = mkdtempSync(join(tmpdir(), 'licenses-'));
    pkg(join(root, 'node_modules', 'a'), { name: 'a', version: '1.0.0', license: 'MIT' });
    pkg(join(root, 'node_modules', '@s', 'b'), { name: '@s/b', version: '2.0.0', license: 'MIT' });
    pkg(join(root, 'node_modules', 'a', 'node_modules', 'c'), {
      name: 'c',
      version: '3.0.0',
      license: 'SSPL-1.0',
    });
    pkg(join(root, 'node_modules', 'tool'), { name: 'tool', version: '1.0.0', license: 'UNLICENSED' });
    writeFileSync(
      join(root, 'package-lock.json'),
      JSON.stringify({ packages: { '': {}, 'node_modules/tool': { dev: true } } }),
    );
    const report = licenseReport(root);
    expect(report.found).toHaveLength(4);
    expect(report.text).toMatch(/runtime dependencies: 3 packages\n\s+2 {2}MIT\n\s+1 {2}SSPL-1.0/);
    expect(report.text).toMatch(/development dependencies: 1 packages\n\s+1 {2}UNLICENSED/);
    expect(report.failures).toEqual([
      expect.stringMatching(/^c@3.0.0 \(node_modules\/a\/node_modules\/c, runtime\): SSPL-1.0/),
      expect.stringMatching(/^tool@1.0.0 \(node_modules\/tool, development\): UNLICENSED: proprietary/),
    ]);
  });

  test('a package without a license field passes only when reviewed and its license file still says so', () => {
    const root = mkdtempSync(join(tmpdir(), 'licenses-'));
    pkg(join(root, 'node_modules', 'suncalc'), { name: 'suncalc', version: '2.0.2' });
    writeFileSync(join(root, 'node_modules', 'suncalc', 'LICENSE'), 'All rights reserved. Do not copy.');
    pkg(join(root, 'node_modules', 'other'), { name: 'other', version: '1.0.0' });
    expect(licenseReport(root).failures).toEqual([
      expect.stringMatching(/^other@1.0.0 .*no license declared/),
      expect.stringMatching(/^suncalc@2.0.2 .*no license declared/),
    ]);
    writeFileSync(
      join(root, 'node_modules', 'suncalc', 'LICENSE'),
      'Redistribution and use in source and binary forms, with or without modification, are permitted',
    );
    expect(licenseReport(root).failures).toEqual([expect.stringMatching(/^other@1.0.0 /)]);
  });
});
