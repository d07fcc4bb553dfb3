// Which dependency licenses the portal (AGPL-3.0-or-later) may be built from and shipped with. A license is
// accepted when every part of its SPDX expression that must hold does (`A OR B`: either; `A AND B`: both).
// Anything not known to be compatible fails the report, so a new kind of license is looked at by a person
// before it ships, rather than discovered later.

/** Licenses whose terms allow combining the work with AGPL-3.0 code (FSF's list of GPLv3-compatible licenses). */
export const COMPATIBLE: ReadonlySet<string> = new Set([
  '0BSD',
  'AGPL-3.0',
  'AGPL-3.0-only',
  'AGPL-3.0-or-later',
  'Apache-2.0',
  'Artistic-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'BSL-1.0',
  'CC-BY-3.0',
  'CC-BY-4.0',
  'CC0-1.0',
  'GPL-2.0-or-later',
  'GPL-3.0',
  'GPL-3.0-only',
  'GPL-3.0-or-later',
  'ISC',
  'LGPL-2.1',
  'LGPL-2.1-only',
  'LGPL-2.1-or-later',
  'LGPL-3.0',
  'LGPL-3.0-only',
  'LGPL-3.0-or-later',
  'MIT',
  'MIT-0',
  'MPL-2.0',
  // Fonts: shipped as separate files the web app loads; the OFL allows bundling them with any software.
  'OFL-1.1',
  'Python-2.0',
  'Unicode-3.0',
  'Unicode-DFS-2016',
  'Unlicense',
  'WTFPL',
  'X11',
  'Zlib',
]);

/** Known incompatible licenses, with the reason the report prints. */
export const INCOMPATIBLE: Readonly<Record<string, string>> = {
  UNLICENSED: 'proprietary (no license granted)',
  'SSPL-1.0': 'SSPL: extra conditions on offering the software as a service',
  'BUSL-1.1': 'Business Source License: not free software until its change date',
  'Elastic-2.0': 'Elastic License: restricts offering the software as a service',
  'GPL-2.0': 'GPL-2.0-only cannot be combined with GPL-3.0 or AGPL-3.0 code',
  'GPL-2.0-only': 'GPL-2.0-only cannot be combined with GPL-3.0 or AGPL-3.0 code',
  'CC-BY-NC-4.0': 'non-commercial only',
  'CC-BY-NC-SA-4.0': 'non-commercial only',
  'CC-BY-ND-4.0': 'no derivatives',
  'CC-BY-NC-ND-4.0': 'non-commercial only, no derivatives',
  'Commons-Clause': 'Commons Clause: forbids selling the software or a service built on it',
  JSON: 'the JSON license restricts use ("for Good, not Evil"): not free software',
};

export type Verdict = { ok: true } | { ok: false; reason: string };

/** A package's license as its package.json declares it (`license`, or the old `licenses` array). */
export function declaredLicense(pkg: { license?: unknown; licenses?: unknown }): string | null {
  if (typeof pkg.license === 'string' && pkg.license.trim()) return pkg.license.trim();
  const typed = (v: unknown) =>
    v && typeof v === 'object' && typeof (v as { type?: unknown }).type === 'string'
      ? (v as { type: string }).type
      : null;
  if (typed(pkg.license)) return typed(pkg.license);
  if (Array.isArray(pkg.licenses)) {
    const types = pkg.licenses.map(typed).filter((t): t is string => !!t);
    // Several entries in the old array meant a choice between them.
    if (types.length > 0) return types.length === 1 ? types[0] : `(${types.join(' OR ')})`;
  }
  return null;
}

/** License exceptions (`WITH …`) that only grant more than the license; any other one is reviewed first. */
export const PERMISSIVE_EXCEPTIONS: ReadonlySet<string> = new Set([
  'Classpath-exception-2.0',
  'GCC-exception-3.1',
  'LLVM-exception',
  'Autoconf-exception-3.0',
  'Bison-exception-2.2',
  'Font-exception-2.0',
]);

type Node = { id: string; exception?: string } | { op: 'AND' | 'OR'; left: Node; right: Node };

/** Parses an SPDX license expression (`MIT`, `(MIT OR Apache-2.0)`, `GPL-2.0-or-later WITH X AND ISC`). */
export function parseExpression(text: string): Node {
  const tokens = text.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const peek = () => tokens[at]?.toUpperCase();
  const primary = (): Node => {
    const token = tokens[at++];
    if (token === undefined) throw new Error(`incomplete license expression "${text}"`);
    if (token === '(') {
      const inner = or();
      if (tokens[at++] !== ')') throw new Error(`unbalanced parentheses in "${text}"`);
      return inner;
    }
    if (token === ')' || ['AND', 'OR', 'WITH'].includes(token.toUpperCase()))
      throw new Error(`unexpected "${token}" in "${text}"`);
    const id = token.replace(/\+$/, '-or-later');
    if (peek() !== 'WITH') return { id };
    const exception = tokens[at + 1];
    at += 2;
    if (exception === undefined) throw new Error(`incomplete license expression "${text}"`);
    return { id, exception };
  };
  const and = (): Node => {
    let left = primary();
    while (peek() === 'AND') {
      at++;
      left = { op: 'AND', left, right: primary() };
    }
    return left;
  };
  const or = (): Node => {
    let left = and();
    while (peek() === 'OR') {
      at++;
      left = { op: 'OR', left, right: and() };
    }
    return left;
  };
  const node = or();
  if (at < tokens.length) throw new Error(`unexpected "${tokens[at]}" in "${text}"`);
  return node;
}

/** Whether a declared license (an SPDX expression) lets the package ship with the AGPL-3.0 portal. */
export function judge(license: string | null): Verdict {
  if (!license) return { ok: false, reason: 'no license declared' };
  if (/^SEE LICEN[CS]E IN /i.test(license))
    return { ok: false, reason: `custom license (${license}): review it and list the package as reviewed` };
  let node: Node;
  try {
    node = parseExpression(license);
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  const check = (n: Node): Verdict => {
    if ('id' in n) {
      if (n.exception && !PERMISSIVE_EXCEPTIONS.has(n.exception))
        return {
          ok: false,
          reason: `${n.id} WITH ${n.exception}: not an exception known to only grant more (review it)`,
        };
      if (COMPATIBLE.has(n.id)) return { ok: true };
      const known =
        INCOMPATIBLE[n.id] ?? (/commons.?clause/i.test(n.id) ? INCOMPATIBLE['Commons-Clause'] : null);
      if (known) return { ok: false, reason: `${n.id}: ${known}` };
      if (/^CC-BY-(NC|ND)/i.test(n.id))
        return { ok: false, reason: `${n.id}: non-commercial or no derivatives` };
      return { ok: false, reason: `${n.id}: not a license known to be compatible with AGPL-3.0 (review it)` };
    }
    const left = check(n.left);
    const right = check(n.right);
    if (n.op === 'OR') return left.ok ? left : right.ok ? right : left;
    return !left.ok ? left : right;
  };
  return check(node);
}
