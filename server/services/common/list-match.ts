// `$regex` for autocomplete, as a safe text match that behaves the same on SQLite and PostgreSQL.
// Supported: plain text (matched anywhere), a leading `^` (starts with), a trailing `$` (ends with), and any
// punctuation escaped with `\` (taken literally, so a client that escapes user input with an escapeRegExp
// helper works). Everything else a regex can do (. * + ? | () [] {} \d …) is refused with a 400 rather than
// guessed at. `$options: 'i'` makes it case-insensitive (on SQLite for ASCII letters only: its LIKE folds
// nothing else).
import { BadRequest } from '@feathersjs/errors';

export interface TextMatch {
  text: string;
  /** Anchored at the start (`^`) / at the end (`$`). */
  start: boolean;
  end: boolean;
  caseInsensitive: boolean;
}

export const MAX_REGEX_LENGTH = 100;
const META = new Set(['.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '^', '$']);

export function parseRegex(field: string, source: unknown, options: unknown): TextMatch {
  if (typeof source !== 'string') throw new BadRequest(`${field}.$regex must be text`, { field });
  if (source.length > MAX_REGEX_LENGTH)
    throw new BadRequest(`${field}.$regex is longer than ${MAX_REGEX_LENGTH} characters`, { field });
  if (options !== undefined && options !== '' && options !== 'i')
    throw new BadRequest(`${field}.$options may only be 'i'`, { field });
  let text = '';
  let start = false;
  let end = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1];
      // \d, \w, \b … are classes, not characters: refused like other regex syntax.
      if (next === undefined || /[0-9A-Za-z]/.test(next)) throw unsupported(field, source);
      text += next;
      i++;
    } else if (c === '^' && i === 0) start = true;
    else if (c === '$' && i === source.length - 1) end = true;
    else if (META.has(c)) throw unsupported(field, source);
    else text += c;
  }
  return { text, start, end, caseInsensitive: options === 'i' };
}

function unsupported(field: string, source: string) {
  return new BadRequest(
    `${field}.$regex '${source}' is not supported: use text with an optional ^ or $ anchor (escape other symbols with \\)`,
    { field },
  );
}

/** The LIKE pattern (escape character `\`). */
export function likePattern(m: TextMatch): string {
  const text = m.text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return `${m.start ? '' : '%'}${text}${m.end ? '' : '%'}`;
}

/** The GLOB pattern (SQLite's case-sensitive match; `[x]` quotes a wildcard character). */
export function globPattern(m: TextMatch): string {
  const text = m.text.replace(/[*?[]/g, (c) => `[${c}]`);
  return `${m.start ? '' : '*'}${text}${m.end ? '' : '*'}`;
}
