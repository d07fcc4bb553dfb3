// Which program wrote a file, from the file itself (never its name): a SQLite header means a WeeWX archive; a
// header row names Weather Underground's or Ecowitt's columns; a first line shaped `dd/mm/yy[,; ]hh:mm…` is a
// Cumulus log or dayfile; anything else with a header row is a CSV the owner maps.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { cumulusLayout, cumulusReader } from './cumulus';
import {
  ecowittReader,
  isEcowittHeader,
  isWundergroundHeader,
  mappedReader,
  wundergroundReader,
} from './tables';
import { guessDelimiter, splitLine } from './text';
import type { ImportReader, ReadOptions } from './types';
import { weewxReader } from './weewx';

const SQLITE_MAGIC = 'SQLite format 3\0';

/** A CSV no format claims: its columns, for the owner to map (the browser's mapping form). */
export interface Unmapped {
  format: 'csv';
  header: string[];
  delimiter: string;
  sample: string[][];
}

export type Detected = (ImportReader & { close?(): void }) | Unmapped;

export class UnknownFormatError extends Error {}

async function head(path: string, bytes = 65536): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await file.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Detects the format of the file at `path` and opens its reader (or answers its columns for a mapping). */
export async function detect(path: string, options: ReadOptions): Promise<Detected> {
  const start = await head(path);
  if (start.subarray(0, 16).toString('latin1') === SQLITE_MAGIC) return weewxReader(path, options);
  const text = start
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/\0/g, '');
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '' && !/^<br\s*\/?>$/i.test(l.trim()));
  if (lines.length === 0) throw new UnknownFormatError('The file is empty');
  const source = () => createReadStream(path);
  const layout = cumulusLayout(lines[0]);
  if (layout) return cumulusReader(source, layout, options);
  const delimiter = guessDelimiter(lines[0]);
  const header = splitLine(lines[0].replace(/<br\s*\/?>\s*$/i, ''), delimiter).map((h) => h.trim());
  if (delimiter === ',' && isWundergroundHeader(header)) return wundergroundReader(source, header, options);
  if (delimiter === ',' && isEcowittHeader(header)) return ecowittReader(source, header, options);
  if (header.length < 2) throw new UnknownFormatError('Not a file this portal can read');
  if (options.mapping) return mappedReader(source, header, delimiter, options.mapping, options);
  return {
    format: 'csv',
    header,
    delimiter,
    sample: lines.slice(1, 6).map((l) => splitLine(l, delimiter)),
  };
}

export const isUnmapped = (d: Detected): d is Unmapped => !('rows' in d);
