// Streaming text: lines from a byte stream without holding the file (a few years of logs are hundreds of MB), and
// the splitting of a delimited line. Files come from Windows programs as often as not: CRLF, a UTF-8 BOM, stray
// NUL bytes (Cumulus logs written during a crash) are all taken in stride.

/** Lines of a byte or string stream, numbered from 1; the final line without a newline is yielded too. */
export async function* linesOf(
  source: AsyncIterable<Buffer | Uint8Array | string>,
): AsyncGenerator<{ line: number; text: string }> {
  const decoder = new TextDecoder('utf-8');
  let rest = '';
  let n = 0;
  let first = true;
  const clean = (t: string) => {
    let s = t.endsWith('\r') ? t.slice(0, -1) : t;
    if (first) {
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
      first = false;
    }
    return s.includes('\0') ? s.replace(/\0/g, '') : s;
  };
  for await (const chunk of source) {
    rest += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let at = rest.indexOf('\n');
    let from = 0;
    while (at >= 0) {
      yield { line: ++n, text: clean(rest.slice(from, at)) };
      from = at + 1;
      at = rest.indexOf('\n', from);
    }
    rest = rest.slice(from);
  }
  rest += decoder.decode();
  if (rest.length > 0) yield { line: ++n, text: clean(rest) };
}

/** Fields of one delimited line; double quotes group a field ("" inside is a quote). */
export function splitLine(text: string, delimiter: string): string[] {
  if (!text.includes('"')) return text.split(delimiter);
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

/** The delimiter of a header or data line: the one of `,;\t` that splits it into the most fields. */
export function guessDelimiter(text: string): string {
  let best = ',';
  let most = 0;
  for (const d of [',', ';', '\t']) {
    const n = splitLine(text, d).length;
    if (n > most) {
      most = n;
      best = d;
    }
  }
  return best;
}

/** A number as written in a file, with `.` or `,` (decimalComma) as the decimal mark; null for blanks and markers. */
export function numberOf(raw: string | undefined, decimalComma = false): number | null {
  if (raw === undefined) return null;
  let t = raw.trim();
  if (t === '' || t === '-' || t === '--' || t === '---' || /^n\/?a$/i.test(t) || /^null$/i.test(t))
    return null;
  if (decimalComma) t = t.replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) && n !== -9999 && n !== -999 ? n : null;
}
