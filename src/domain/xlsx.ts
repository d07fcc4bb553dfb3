// One-sheet XLSX, streamed row by row (the history export on the server, the admin tables in the data worker):
// the sheet XML is written here, the ZIP container (DEFLATE, CRCs, central directory) by fflate's streaming `Zip`. write-excel-file (docs/stack.md) cannot serve this export: it builds the
// whole sheet in memory (10,000 rows × 220 columns took 9.5 s and 626 MB here), and an export may hold 400 days
// of 5-minute rows. Numeric-looking text becomes a number cell (spec §5 "Spreadsheet export turns
// numeric-looking text into numbers"); times stay the `YYYY-MM-DD HH:MM:SS` text the CSV has.
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { NUMERIC, spreadsheetText } from './csv';

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

/** Column letters of a 0-based index (0 → A, 26 → AA). */
export function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

export type XlsxCell = string | number | null;

/** Row height of rows that hold images (spec §9 "Image rows in sheets are 64 high"): 64 px = 48 pt. */
export const IMAGE_ROW_PT = 48;

export function rowXml(cells: XlsxCell[], rowIndex: number, heightPt?: number): string {
  let xml = heightPt ? `<row r="${rowIndex}" ht="${heightPt}" customHeight="1">` : `<row r="${rowIndex}">`;
  cells.forEach((v, i) => {
    if (v === null || v === '') return;
    const ref = `${columnName(i)}${rowIndex}`;
    const text = String(v);
    if (typeof v === 'number' ? Number.isFinite(v) : NUMERIC.test(text) && Number.isFinite(Number(text)))
      xml += `<c r="${ref}"><v>${Number(text)}</v></c>`;
    else
      xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(spreadsheetText(text))}</t></is></c>`;
  });
  return `${xml}</row>`;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const SHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The package parts around the sheet. */
function parts(sheetName: string): [name: string, xml: string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${SHEET_TYPE}.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${SHEET_TYPE}.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${SHEET_TYPE}.styles+xml"/>` +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}">` +
        `<sheets><sheet name="${xmlText(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `${XML}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
        '</styleSheet>',
    ],
  ];
}

/** Streams an .xlsx file of one sheet holding `rows`. */
export async function* xlsxStream(
  rows: AsyncIterable<XlsxCell[]>,
  sheetName = 'Sheet1',
  /** The height (pt) of a data row, e.g. IMAGE_ROW_PT for rows with pictures; the first row is the header. */
  rowHeight?: (row: XlsxCell[], index: number) => number | undefined,
): AsyncGenerator<Uint8Array> {
  // fflate's ZipDeflate works synchronously: after each push, what it produced is in `out`.
  let out: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failed = err;
    else out.push(chunk);
  });
  const drain = () => {
    if (failed) throw failed;
    const ready = out;
    out = [];
    return ready;
  };
  // Level 1: exports are large and compress ~10× even so; higher levels cost CPU for little.
  const file = (name: string) => {
    const f = new ZipDeflate(name, { level: 1 });
    zip.add(f);
    return f;
  };
  for (const [name, xml] of parts(sheetName)) file(name).push(strToU8(xml), true);
  yield* drain();

  const sheet = file('xl/worksheets/sheet1.xml');
  sheet.push(
    strToU8(`${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`),
  );
  let r = 0;
  let batch = '';
  for await (const row of rows) {
    r++;
    batch += rowXml(row, r, rowHeight?.(row, r));
    if (batch.length > 64 * 1024) {
      sheet.push(strToU8(batch));
      batch = '';
      yield* drain();
    }
  }
  sheet.push(strToU8(`${batch}</sheetData></worksheet>`), true);
  zip.end();
  yield* drain();
}
