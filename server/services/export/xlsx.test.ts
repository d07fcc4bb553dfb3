import { describe, expect, test } from 'vitest';
import { unzipStored } from './unzip';
import { columnName, rowXml, xlsxStream, zipStream } from './xlsx';

async function collect(gen: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const b of gen) parts.push(b);
  return Buffer.concat(parts);
}

async function* rows(list: (string | number | null)[][]) {
  for (const r of list) yield r;
}

describe('zip (stored)', () => {
  test('entries round-trip with their CRC, also when streamed in pieces', async () => {
    const zip = await collect(
      zipStream([
        { name: 'a.txt', data: 'hello' },
        { name: 'dir/b.bin', data: [Buffer.from([1, 2]), '', Buffer.from([3])] },
        { name: 'empty', data: '' },
      ]),
    );
    const files = unzipStored(zip);
    expect(files.get('a.txt')?.toString()).toBe('hello');
    expect([...(files.get('dir/b.bin') ?? [])]).toEqual([1, 2, 3]);
    expect(files.get('empty')?.length).toBe(0);
  });
});

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

  test('a workbook unzips to the parts Excel needs, with the sheet rows in order', async () => {
    const zip = await collect(
      xlsxStream(
        rows([
          ['Time', 'Outdoor temperature'],
          ['**', '°C'],
          ['2026-11-20 01:00:00', '3.5'],
          ['2026-11-20 01:05:00', '---'],
        ]),
        'ABC123',
      ),
    );
    const files = unzipStored(zip);
    expect([...files.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(files.get('xl/workbook.xml')?.toString()).toContain(
      '<sheet name="ABC123" sheetId="1" r:id="rId1"/>',
    );
    const sheet = files.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(sheet).toContain('<c r="B2" t="inlineStr"><is><t xml:space="preserve">°C</t></is></c>');
    expect(sheet).toContain(
      '<row r="3"><c r="A3" t="inlineStr"><is><t xml:space="preserve">2026-11-20 01:00:00</t></is></c><c r="B3"><v>3.5</v></c></row>',
    );
    expect(sheet.indexOf('<row r="3">')).toBeLessThan(sheet.indexOf('<row r="4">'));
    expect(sheet.endsWith('</sheetData></worksheet>')).toBe(true);
  });
});
