// Upload fields: the first occurrence of each name, decoded exactly as URLSearchParams decodes them, read in
// one pass over the text. Most fields need no decoding at all, so they are plain slices; URLSearchParams built
// an entry list and every parser then copied it into a Map.

export type Fields = ReadonlyMap<string, string>;
/** What the parsers accept: parsed fields, or URLSearchParams (tests, the demo seeder). */
export type FieldSource = Fields | URLSearchParams;

/** Adds the fields of a query string or form body to `into`, keeping names already there (first wins). */
export function parseFields(text: string, into: Map<string, string> = new Map()): Map<string, string> {
  const length = text.length;
  // The next '%' and '+' (-1: none left): a part before both needs no decoding.
  let percent = text.indexOf('%');
  let plus = text.indexOf('+');
  const part = (from: number, to: number) => {
    if (percent !== -1 && percent < from) percent = text.indexOf('%', from);
    if (plus !== -1 && plus < from) plus = text.indexOf('+', from);
    const raw = text.slice(from, to);
    return (percent !== -1 && percent < to) || (plus !== -1 && plus < to) ? decode(raw) : raw;
  };
  for (let start = 0; start < length; ) {
    let end = text.indexOf('&', start);
    if (end < 0) end = length;
    if (end > start) {
      const eq = text.indexOf('=', start);
      const split = eq >= 0 && eq < end ? eq : end;
      const name = part(start, split);
      if (!into.has(name)) into.set(name, split < end ? part(split + 1, end) : '');
    }
    start = end + 1;
  }
  return into;
}

export function fieldsOf(source: FieldSource): Fields {
  if (!(source instanceof URLSearchParams)) return source;
  const fields = new Map<string, string>();
  for (const [name, value] of source) if (!fields.has(name)) fields.set(name, value);
  return fields;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replaceAll('+', ' '));
  } catch {
    // Malformed escapes or invalid UTF-8: URLSearchParams keeps them literally / as U+FFFD.
    return new URLSearchParams(`a=${part}`).get('a') ?? '';
  }
}
