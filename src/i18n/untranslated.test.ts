// Every user-visible string goes through the catalogs: a scan of the app's and the data worker's source for text
// that would stay English in every language. It found 'Device not found' (station search: the worker's error had
// no code, so the page showed its English message) and 'Required' (the delete-account dialog showed the English
// text of the code instead of the code).
// Flagged: JSX text outside <Trans>; a literal in a visible attribute (label, title, placeholder, …); an English
// message table (MESSAGES / ERRORS: their values are English) read by a page or component; a worker/client
// ApiError with a literal message but no error code (errorText shows an uncoded error's message as it is).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const VISIBLE_ATTRIBUTES = new Set([
  'title',
  'label',
  'aria-label',
  'aria-description',
  'placeholder',
  'alt',
  'description',
  'message',
  'error',
  'errorMessage',
  'tooltip',
]);
/** Literals that are no language: example formats the user types. */
const NOT_LANGUAGE = new Set([
  'AA:BB:CC:DD:EE:FF',
  'http://192.168.1.10:8123/api/ecowitt',
  'aprs://cwop.aprs.net:14580',
]);
/** Uncoded errors the user never reads, each with its reason. */
const NEVER_SHOWN = new Set([
  // A programming error (the engine is started before the page asks anything).
  'Data worker not started',
  // A programming error (the admin pages ask for their own lists only).
  'Not an admin list: ',
  // A cancelled export: the page drops the job without a message (useExportJob).
  'Export cancelled',
  // The page offers "forget" for public stations only (ForgetDeviceDialog).
  'Only public devices can be forgotten',
]);
const UI = /^src\/(app|pages|components|cards|charts)\//;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$|test-setup/.test(name) ? [path] : [];
  });
}

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown };

/** Every node with its ancestors (nearest last). */
function walk(node: unknown, visit: (n: Node, parents: Node[]) => void, parents: Node[] = []): void {
  if (Array.isArray(node)) {
    for (const n of node) walk(n, visit, parents);
    return;
  }
  if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
  const n = node as Node;
  visit(n, parents);
  for (const [key, value] of Object.entries(n))
    if (key !== 'loc' && value && typeof value === 'object') walk(value, visit, [...parents, n]);
}

const words = (s: string) => /[A-Za-z]{2}/.test(s);
const elementName = (n: Node) =>
  ((n.openingElement as Node | undefined)?.name as { name?: string } | undefined)?.name;

/** The untranslated strings of one file, as "path:line what". */
function untranslated(file: string, code: string): string[] {
  const found: string[] = [];
  const at = (n: Node, what: string) => found.push(`${file}:${n.loc?.start.line} ${what}`);
  const ast = parse(code, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  walk(ast.program, (n, parents) => {
    if (n.type === 'JSXText' && words(n.value as string)) {
      if (!parents.some((p) => p.type === 'JSXElement' && elementName(p) === 'Trans'))
        at(n, `text ${JSON.stringify((n.value as string).trim())}`);
    } else if (n.type === 'JSXAttribute') {
      const name = (n.name as { name?: string }).name ?? '';
      const value = n.value as Node | null;
      if (
        VISIBLE_ATTRIBUTES.has(name) &&
        value?.type === 'StringLiteral' &&
        words(value.value as string) &&
        !NOT_LANGUAGE.has(value.value as string)
      )
        at(n, `${name}=${JSON.stringify(value.value)}`);
    } else if (n.type === 'MemberExpression' && UI.test(file)) {
      const object = (n.object as { name?: string }).name;
      if (object === 'MESSAGES' || object === 'ERRORS')
        at(n, `${object}.${(n.property as { name?: string }).name} (English)`);
    } else if (n.type === 'NewExpression' && (n.callee as { name?: string }).name === 'ApiError') {
      const args = n.arguments as Node[];
      const first = args[0];
      const literal =
        first?.type === 'StringLiteral' ||
        first?.type === 'TemplateLiteral' ||
        (first?.type === 'Identifier' && /^[A-Z_]+$/.test(first.name as string)) ||
        (first?.type === 'MemberExpression' && (first.object as { name?: string }).name === 'ERRORS');
      const text =
        first?.type === 'StringLiteral'
          ? (first.value as string)
          : first?.type === 'TemplateLiteral'
            ? ((first.quasis as { value: { cooked: string } }[])[0]?.value.cooked ?? '')
            : '';
      if (literal && args.length < 4 && !NEVER_SHOWN.has(text))
        at(n, `ApiError without an error code: ${code.slice(n.start as number, n.end as number)}`);
    }
  });
  return found;
}

describe('user-visible strings', () => {
  it('the app and the data worker show no text outside the catalogs', () => {
    const files = [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'workers'))];
    const found = files.flatMap((path) => untranslated(relative(ROOT, path), readFileSync(path, 'utf8')));
    expect(found).toEqual([]);
    expect(files.length).toBeGreaterThan(200);
  });

  it('flags each kind of untranslated text', () => {
    const page = `
      const a = <p>Hello there</p>;
      const b = <p><Trans>Hello there</Trans></p>;
      const c = <Field label="Your name" placeholder="AA:BB:CC:DD:EE:FF" />;
      const d = MESSAGES.required;`;
    expect(untranslated('src/pages/x/X.tsx', page).map((s) => s.split(' ')[1])).toEqual([
      'text',
      'label="Your',
      'MESSAGES.required',
    ]);
    const worker = `
      const e = new ApiError('Device not found', 404, 'NotFound');
      const f = new ApiError(ERRORS.deviceNotFound, 404, 'NotFound', coded('deviceNotFound'));
      const g = new ApiError(message, res.status);
      const h = ERRORS.offline;`;
    expect(untranslated('workers/x.ts', worker).map((s) => s.split(' ')[1])).toEqual(['ApiError']);
  });
});
