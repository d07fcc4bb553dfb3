// A minimal XLSX writer: one sheet of inline strings and numbers, zipped with the "stored" method (no
// compression) and data descriptors, so the sheet streams out row by row without being held in memory.
// Numeric-looking text becomes a number cell (spec §5 "Spreadsheet export turns numeric-looking text into
// numbers"). ZIP32 only: an entry or the file may not reach 4 GiB.
import { crc32 } from 'node:zlib';

const enc = new TextEncoder();
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/** DOS date and time of an instant (UTC wall clock). */
function dosTime(d: Date): [time: number, date: number] {
  const time = (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1);
  const date = ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate();
  return [time, date];
}

export interface ZipEntry {
  name: string;
  data: string | Uint8Array | AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;
}

const FLAGS = 0x0808; // bit 3: sizes in the data descriptor; bit 11: UTF-8 names
const LIMIT = 0xffffffff;

/** Streams a ZIP archive of stored entries. */
export async function* zipStream(entries: ZipEntry[], now = new Date()): AsyncGenerator<Buffer> {
  const [time, date] = dosTime(now);
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(enc.encode(entry.name));
    const header = Buffer.concat([
      u32(0x04034b50),
      u16(20),
      u16(FLAGS),
      u16(0),
      u16(time),
      u16(date),
      u32(0),
      u32(0),
      u32(0),
      u16(name.length),
      u16(0),
      name,
    ]);
    const start = offset;
    yield header;
    offset += header.length;
    let crc = 0;
    let size = 0;
    const chunks =
      typeof entry.data === 'string' || entry.data instanceof Uint8Array ? [entry.data] : entry.data;
    for await (const chunk of chunks) {
      const b = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
      if (b.length === 0) continue;
      crc = crc32(b, crc);
      size += b.length;
      if (size >= LIMIT || offset + b.length >= LIMIT) throw new Error('The export is too large for XLSX');
      yield b;
      offset += b.length;
    }
    const descriptor = Buffer.concat([u32(0x08074b50), u32(crc), u32(size), u32(size)]);
    yield descriptor;
    offset += descriptor.length;
    central.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        u16(20),
        u16(FLAGS),
        u16(0),
        u16(time),
        u16(date),
        u32(crc),
        u32(size),
        u32(size),
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(start),
        name,
      ]),
    );
  }
  const dir = Buffer.concat(central);
  yield dir;
  yield Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(dir.length),
    u32(offset),
    u16(0),
  ]);
}

/** XML text escaping (and removal of characters XML 1.0 forbids). */
/** Characters XML 1.0 allows (tab, newlines, and from space up, minus U+FFFE/U+FFFF). */
const xmlAllowed = (ch: string) => {
  const c = ch.codePointAt(0) ?? 0;
  return c === 9 || c === 10 || c === 13 || (c >= 32 && c !== 0xfffe && c !== 0xffff);
};

/** XML text escaping (and removal of characters XML 1.0 forbids). */
export function xmlText(s: string): string {
  const clean = /[^\t\n\r\x20-\ufffd]/.test(s) ? [...s].filter(xmlAllowed).join('') : s;
  return clean.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const NUMERIC = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** Column letters of a 0-based index (0 → A, 26 → AA). */
export function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

export function rowXml(cells: (string | number | null)[], rowIndex: number): string {
  let xml = `<row r="${rowIndex}">`;
  cells.forEach((v, i) => {
    if (v === null || v === '') return;
    const ref = `${columnName(i)}${rowIndex}`;
    const text = String(v);
    if (typeof v === 'number' ? Number.isFinite(v) : NUMERIC.test(text) && Number.isFinite(Number(text)))
      xml += `<c r="${ref}"><v>${Number(text)}</v></c>`;
    else xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
  });
  return `${xml}</row>`;
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';
const workbook = (sheet: string) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  `<sheets><sheet name="${xmlText(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
  '</Relationships>';
const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
  '</styleSheet>';

async function* sheetXml(rows: AsyncIterable<(string | number | null)[]>): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  let r = 0;
  let batch = '';
  for await (const row of rows) {
    batch += rowXml(row, ++r);
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = '';
    }
  }
  yield `${batch}</sheetData></worksheet>`;
}

/** Streams an .xlsx file of one sheet holding `rows`. */
export function xlsxStream(
  rows: AsyncIterable<(string | number | null)[]>,
  sheetName = 'Sheet1',
): AsyncGenerator<Buffer> {
  return zipStream([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: ROOT_RELS },
    { name: 'xl/workbook.xml', data: workbook(sheetName.slice(0, 31)) },
    { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS },
    { name: 'xl/styles.xml', data: STYLES },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml(rows) },
  ]);
}
