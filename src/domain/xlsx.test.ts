import { unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, test } from 'vitest';
import { columnName, rowXml, type XlsxCell, xlsxStream } from './xlsx';

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
