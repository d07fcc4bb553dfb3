// Every document the code cites is in the repository: `spec §N` is a section of docs/requirements.md,
// `docs/<name>.md §N` a section of that page, and nothing cites the design notes that lived outside the repo
// (ARCHITECTURE.md, UI.md, STACK.md, portal-spec.md, upload-protocols.md without docs/).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const sources = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|tsx|css|json|md)$/.test(f) && !f.startsWith('docs/') && !f.startsWith('locales/'))
  .filter((f) => f !== 'CHANGELOG.md' && existsSync(join(root, f)));

/** The numbered sections of a page: "## 3. …" → 3. */
function sections(page: string): Set<number> {
  const text = readFileSync(join(root, 'docs', page), 'utf8');
  return new Set([...text.matchAll(/^## (\d+)\./gm)].map((m) => Number(m[1])));
}

/** Section numbers of a citation: "§4", "§1-3" → [1, 2, 3]. */
function cited(ref: string): number[] {
  const [from, to] = ref.split('-').map(Number);
  return to === undefined ? [from] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

type Citation = { file: string; text: string; page: string; sections: number[] };

function citations(): Citation[] {
  const found: Citation[] = [];
  for (const file of sources) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/\bspec (?:\\u00a7|§)\s?(\d+(?:-\d+)?)/g))
      found.push({ file, text: m[0], page: 'requirements.md', sections: cited(m[1]) });
    for (const m of text.matchAll(/\bdocs\/([\w-]+\.md)(?: (?:\\u00a7|§)\s?(\d+(?:-\d+)?))?/g))
      found.push({ file, text: m[0], page: m[1], sections: m[2] ? cited(m[2]) : [] });
  }
  return found;
}

describe('citations', () => {
  it('every cited page and section is in docs/', () => {
    const all = citations();
    expect(all.length).toBeGreaterThan(250);
    const broken = all.filter(
      (c) => !existsSync(join(root, 'docs', c.page)) || c.sections.some((n) => !sections(c.page).has(n)),
    );
    expect(broken.map((c) => `${c.file}: ${c.text}`)).toEqual([]);
  });

  it('no code cites a document outside the repository', () => {
    const outside =
      /(?<!docs\/)\b(ARCHITECTURE\.md|ARCHITECTURE §|UI\.md|STACK\.md|portal-spec\.md|upload-protocols(\.md)? §)/;
    const offenders = sources.filter((f) => outside.test(readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the README links the map', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toMatch(/\]\(docs\/architecture\.md\)/);
  });
});
