// `npm run test:mutation [-- --mutate <glob>]`: Stryker over the pure rules (stryker.config.mjs), then the
// mutation score of each module (src/domain, server/ingest/parsers, server/alerts) and of each file, from its
// JSON report, and the run time. Fails when a module scores below 85 % (issue 30's goal).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const GOAL = 85;
const MODULES = ['src/domain', 'server/ingest/parsers', 'server/alerts'];
const REPORT = process.env.MUTATION_REPORT ?? 'reports/mutation/mutation.json';

interface Report {
  files: Record<string, { mutants: { status: string }[] }>;
}

const started = Date.now();
// The same Node as this script (Stryker needs 22 or later; a bare `stryker` may find an older one on PATH).
const run = spawnSync(
  process.execPath,
  ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (run.status !== 0) {
  console.error(`stryker failed (exit ${run.status}) after ${minutes} min`);
  process.exit(run.status ?? 1);
}

/** Stryker's score: killed and timed-out mutants over every valid one (no coverage counts as survived). */
function score(statuses: string[]) {
  const count = (s: string) => statuses.filter((x) => x === s).length;
  const detected = count('Killed') + count('Timeout');
  const valid = detected + count('Survived') + count('NoCoverage');
  return { detected, valid, survived: valid - detected, pct: valid ? (100 * detected) / valid : 100 };
}

const report = JSON.parse(readFileSync(REPORT, 'utf8')) as Report;
const rows = Object.entries(report.files).map(([path, f]) => ({
  path,
  statuses: f.mutants.map((m) => m.status),
}));
const line = (name: string, s: ReturnType<typeof score>) =>
  `${s.pct.toFixed(1).padStart(6)} %  ${String(s.detected).padStart(5)}/${String(s.valid).padEnd(5)} ${String(s.survived).padStart(4)} left  ${name}`;

let failed = false;
console.log(`\nMutation score per module (goal ${GOAL} %), ${minutes} min:`);
for (const mod of MODULES) {
  const files = rows.filter((r) => r.path.startsWith(`${mod}/`));
  if (files.length === 0) continue;
  const s = score(files.flatMap((f) => f.statuses));
  if (s.pct < GOAL) failed = true;
  console.log(line(mod, s));
  for (const f of files.sort((a, b) => score(a.statuses).pct - score(b.statuses).pct))
    console.log(`  ${line(f.path.slice(mod.length + 1), score(f.statuses))}`);
}
process.exit(failed ? 1 : 0);
