// `npm run licenses`: every installed package's license (node_modules/**/package.json), counted, for the runtime
// and the development dependencies apart; exits 1 when one is not compatible with the portal's AGPL-3.0
// (license-policy.ts), naming the package and why. CI runs it before the tests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { declaredLicense, judge } from './license-policy';

/**
 * Packages whose package.json declares no license but whose license file does, read by a person. The phrase
 * must still be in the file: a new version with another license fails the report again.
 */
const REVIEWED: Record<string, { license: string; file: string; phrase: string }> = {
  // BSD 2-clause text in LICENSE (https://github.com/mourner/suncalc).
  suncalc: {
    license: 'BSD-2-Clause',
    file: 'LICENSE',
    phrase: 'Redistribution and use in source and binary forms, with or without modification',
  },
};

interface Found {
  name: string;
  version: string;
  path: string;
  license: string | null;
  dev: boolean;
}

function packagesIn(root: string, folder: string, dev: Set<string>, out: Found[]): void {
  if (!existsSync(folder)) return;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
    if (entry.name.startsWith('.')) continue;
    const dir = join(folder, entry.name);
    if (entry.name.startsWith('@')) {
      packagesIn(root, dir, dev, out);
      continue;
    }
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    const path = relative(root, dir).split('\\').join('/');
    let license = declaredLicense(pkg);
    const reviewed = REVIEWED[pkg.name];
    if (!license && reviewed) {
      const file = join(dir, reviewed.file);
      if (existsSync(file) && readFileSync(file, 'utf8').includes(reviewed.phrase))
        license = reviewed.license;
    }
    out.push({ name: pkg.name, version: pkg.version, path, license, dev: dev.has(path) });
    packagesIn(root, join(dir, 'node_modules'), dev, out);
  }
}

export function licenseReport(root: string): { found: Found[]; failures: string[]; text: string } {
  const lockFile = join(root, 'package-lock.json');
  const lock = existsSync(lockFile) ? JSON.parse(readFileSync(lockFile, 'utf8')) : { packages: {} };
  const dev = new Set(
    Object.entries(lock.packages as Record<string, { dev?: boolean }>)
      .filter(([, p]) => p.dev)
      .map(([path]) => path),
  );
  const found: Found[] = [];
  packagesIn(root, join(root, 'node_modules'), dev, found);
  const failures: string[] = [];
  const counts = { runtime: new Map<string, number>(), development: new Map<string, number>() };
  for (const p of found) {
    const tally = p.dev ? counts.development : counts.runtime;
    const label = p.license ?? '(none)';
    tally.set(label, (tally.get(label) ?? 0) + 1);
    const verdict = judge(p.license);
    if (!verdict.ok)
      failures.push(
        `${p.name}@${p.version} (${p.path}, ${p.dev ? 'development' : 'runtime'}): ${verdict.reason}`,
      );
  }
  const lines: string[] = [];
  for (const [kind, tally] of Object.entries(counts)) {
    const total = [...tally.values()].reduce((a, b) => a + b, 0);
    lines.push(`${kind} dependencies: ${total} packages`);
    for (const [license, count] of [...tally].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])))
      lines.push(`  ${String(count).padStart(5)}  ${license}`);
  }
  return { found, failures, text: lines.join('\n') };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const root = resolve(import.meta.dirname, '..', '..');
  const { found, failures, text } = licenseReport(root);
  if (found.length === 0) {
    console.error('No packages in node_modules: run npm install first.');
    process.exit(1);
  }
  console.log(text);
  if (failures.length > 0) {
    console.error(`\n${failures.length} package(s) with a license not compatible with AGPL-3.0-or-later:`);
    for (const f of failures) console.error(`  ${f}`);
    process.exit(1);
  }
  console.log(`\nAll ${found.length} packages have licenses compatible with AGPL-3.0-or-later.`);
}
