// `$regex` for autocomplete, as a safe text match that behaves the same on SQLite and PostgreSQL.
// Supported: plain text (matched anywhere), a leading `^` (starts with), a trailing `$` (ends with), and any
// punctuation escaped with `\` (taken literally, so a client that escapes user input with an escapeRegExp
// helper works). Everything else a regex can do (. * + ? | () [] {} \d …) is refused with a 400 rather than
// guessed at. `$options: 'i'` makes it case-insensitive (on SQLite for ASCII letters only: its LIKE folds
// nothing else).
import { BadRequest } from '@feathersjs/errors';
import { listQueryRules, type TextMatch } from '../../../src/domain/listQuery';

export { MAX_REGEX_LENGTH, type TextMatch } from '../../../src/domain/listQuery';

// The rule is src/domain/listQuery.ts's (the mocks match text with it too); here with Feathers' 400.
export const parseRegex = listQueryRules((message, data) => new BadRequest(message, data)).parseRegex;

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
