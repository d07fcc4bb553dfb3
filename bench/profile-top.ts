// The functions V8 CPU profiles (node --cpu-prof, or BENCH_CPU_PROF=<dir> for `npm run bench -- ingest-pg`) spent
// their time in, by self time, summed over the files given:
// `node --import tsx bench/profile-top.ts <file.cpuprofile>… [--top=10] [--files] [--callers=<name> --depth=6]`.
// --files sums per source file (node_modules packages by package) instead of per function.
import { readFileSync } from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const byFile = process.argv.includes('--files');
const count = process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? '10';
if (args.length === 0) {
  console.error('usage: profile-top.ts <file.cpuprofile>… [--top=10] [--files] [--callers=<name> --depth=6]');
  process.exit(2);
}
// Several profiles as one: node ids numbered apart.
const profile: Profile = { nodes: [], samples: [], timeDeltas: [], startTime: 0, endTime: 0 };
for (const [f, file] of args.entries()) {
  const one = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const id = (n: number) => f * 1e7 + n;
  for (const n of one.nodes) profile.nodes.push({ ...n, id: id(n.id), children: n.children?.map(id) });
  for (const s of one.samples) profile.samples.push(id(s));
  for (const d of one.timeDeltas) profile.timeDeltas.push(d);
}
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
// timeDeltas[i] is the time before samples[i]: the time since the previous sample is charged to this one.
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

const shortUrl = (url: string) => {
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = path.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}/…/${rest.at(-1)}` : `${rest[0]}/…/${rest.at(-1)}`;
  }
  const repo = path.indexOf('/server/') >= 0 ? path.indexOf('/server/') : path.indexOf('/src/');
  return repo >= 0 ? path.slice(repo + 1) : path || '(native)';
};
const keyOf = (n: Node) => {
  const { functionName, url, lineNumber } = n.callFrame;
  if (byFile) return shortUrl(url);
  return `${functionName || '(anonymous)'} ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ''}`;
};
const totals = new Map<string, number>();
let total = 0;
for (const [id, us] of selfUs) {
  const key = keyOf(nodes.get(id)!);
  totals.set(key, (totals.get(key) ?? 0) + us);
  total += us;
}
const busy = total - (totals.get('(idle) (native)') ?? 0);
console.log(`profile ${(total / 1e6).toFixed(1)} s, of it not idle ${(busy / 1e6).toFixed(1)} s`);
console.log('self ms   % busy  function');
for (const [key, us] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(count)))
  console.log(`${(us / 1000).toFixed(0).padStart(7)}  ${((us / busy) * 100).toFixed(1).padStart(6)}  ${key}`);

// --callers=<name>: whose calls the functions named so spent their self time under (--depth=<n> frames, 6 unless told).
const callersOf = process.argv.find((a) => a.startsWith('--callers='))?.slice('--callers='.length);
const depth = Number(process.argv.find((a) => a.startsWith('--depth='))?.slice(8) ?? 6);
if (callersOf) {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stacks = new Map<string, number>();
  for (const [id, us] of selfUs) {
    if (nodes.get(id)!.callFrame.functionName !== callersOf) continue;
    const frames: string[] = [];
    for (let p = parent.get(id); p !== undefined && frames.length < depth; p = parent.get(p)) {
      const { functionName, url, lineNumber } = nodes.get(p)!.callFrame;
      frames.push(`${functionName || '(anon)'}@${shortUrl(url)}:${lineNumber + 1}`);
    }
    const key = frames.join(' < ');
    stacks.set(key, (stacks.get(key) ?? 0) + us);
  }
  console.log(`\n${callersOf} by caller stack:`);
  for (const [key, us] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, Number(count)))
    console.log(`${(us / 1000).toFixed(0).padStart(7)}  ${key}`);
}
