import { unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, test } from 'vitest';
import { columnName, IMAGE_ROW_PT, rowXml, type XlsxCell, xlsxStream, xmlText } from './xlsx';

async function collect(gen: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const b of gen) parts.push(b);
  return Buffer.concat(parts);
}

async function* rows(list: XlsxCell[][]) {
  for (const r of list) yield r;
}

describe('xlsx', () => {
  test('column letters', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  test('numeric-looking text becomes a number cell, the rest inline strings (escaped)', () => {
    expect(rowXml(['21.5', '-0.3', '---', 'a<b & "c"', 7, '1e3', '', null, '12:00'], 3)).toBe(
      '<row r="3">' +
        '<c r="A3"><v>21.5</v></c>' +
        '<c r="B3"><v>-0.3</v></c>' +
        '<c r="C3" t="inlineStr"><is><t xml:space="preserve">---</t></is></c>' +
        '<c r="D3" t="inlineStr"><is><t xml:space="preserve">a&lt;b &amp; &quot;c&quot;</t></is></c>' +
        '<c r="E3"><v>7</v></c>' +
        '<c r="F3"><v>1000</v></c>' +
        '<c r="I3" t="inlineStr"><is><t xml:space="preserve">12:00</t></is></c>' +
        '</row>',
    );
  });

  test('a spreadsheet reader reads the workbook back cell by cell: numbers as numbers, text as text', async () => {
    const file = await collect(
      xlsxStream(
        rows([
          ['Time', 'Outdoor temperature', 'Note'],
          ['**', '°C', '**'],
          ['2026-11-20 01:00:00', '3.5', 'a<b & "c"\u0001'],
          ['2026-11-20 01:05:00', '---', null],
        ]),
        'ABC123',
      ),
    );
    expect(await readSheet(file, { trim: false })).toEqual([
      ['Time', 'Outdoor temperature', 'Note'],
      ['**', '°C', '**'],
      ['2026-11-20 01:00:00', 3.5, 'a<b & "c"'],
      ['2026-11-20 01:05:00', '---', null],
    ]);
    const files = unzipSync(file);
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(Buffer.from(files['xl/workbook.xml']).toString()).toContain('<sheet name="ABC123"');
  });

  test('a large sheet streams out in pieces and compresses', async () => {
    const many = Array.from({ length: 5000 }, (_, i): XlsxCell[] => [`2026-11-20 ${i}`, '21.5', '---', i]);
    const chunks: Uint8Array[] = [];
    for await (const c of xlsxStream(rows(many))) chunks.push(c);
    expect(chunks.length).toBeGreaterThan(3);
    const file = Buffer.concat(chunks);
    const sheet = unzipSync(file)['xl/worksheets/sheet1.xml'];
    expect(file.length).toBeLessThan(sheet.length / 4);
    const read = await readSheet(file);
    expect(read.length).toBe(5000);
    expect(read[4999]).toEqual(['2026-11-20 4999', 21.5, '---', 4999]);
  });
});

describe('xlsx package and text (mutation survivors, issue 30)', () => {
  const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');

  test('characters XML 1.0 forbids are dropped; tab, newlines and > kept or escaped', () => {
    expect(xmlText('a\u0001b\tc\nd\re\u001ff\ufffeg\uffffh>i')).toBe('ab\tc\nd\refgh&gt;i');
    expect(xmlText(' ~é')).toBe(' ~é');
    expect(xmlText('\u0001\u0002')).toBe('');
  });

  test('only numeric text is a number; a row height marks the row', () => {
    expect(rowXml(['0x10', ' '], 1)).toBe(
      '<row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve">0x10</t></is></c>' +
        '<c r="B1" t="inlineStr"><is><t xml:space="preserve"> </t></is></c></row>',
    );
    expect(rowXml([1], 2, IMAGE_ROW_PT)).toBe(
      '<row r="2" ht="48" customHeight="1"><c r="A2"><v>1</v></c></row>',
    );
  });

  test('the package: content types, relationships, styles, the sheet name cut to 31 and escaped, the sheet whole', async () => {
    // Rows of about 1 KiB, so the sheet is written in several 64 KiB pieces.
    const many: XlsxCell[][] = Array.from({ length: 200 }, (_, i) => [i, 'x'.repeat(1000)]);
    const file = await collect(xlsxStream(rows(many), `${'S'.repeat(30)}<&>more`));
    const files = unzipSync(file);
    const types = text(files['[Content_Types].xml']);
    for (const part of [
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>',
      '<Default Extension="xml" ContentType="application/xml"/>',
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>',
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>',
    ])
      expect(types).toContain(part);
    expect(
      types.startsWith(`${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`),
    ).toBe(true);
    expect(types.endsWith('</Types>')).toBe(true);
    expect(text(files['_rels/.rels'])).toBe(
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    );
    expect(text(files['xl/workbook.xml'])).toContain(
      `<sheet name="${'S'.repeat(30)}&lt;" sheetId="1" r:id="rId1"/>`,
    );
    const styles = text(files['xl/styles.xml']);
    for (const part of [
      '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>',
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>',
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>',
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>',
      '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>',
    ])
      expect(styles).toContain(part);
    expect(text(files['xl/worksheets/sheet1.xml'])).toBe(
      `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
        many.map((row, i) => rowXml(row, i + 1)).join('') +
        '</sheetData></worksheet>',
    );
  });
});
