// Formula injection (issue #20): every CSV field and XLSX text cell that a spreadsheet would run as a formula is
// made text, by the one shared function both writers use; numbers, negative ones too, stay numbers.
import { describe, expect, test } from 'vitest';
import { csvField, csvLine, spreadsheetText } from './csv';
import { rowXml } from './xlsx';

describe('spreadsheetText', () => {
  test.each([
    ['=cmd|" /C calc"!A0', `'=cmd|" /C calc"!A0`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['---', '---'],
    ['--1', "'--1"],
    // Only dashes from the start stay plain: a formula ending in dashes is still a formula.
    ['=A1--', "'=A1--"],
    ['-12.5', '-12.5'],
    ['-1e3', '-1e3'],
    ['Anna', 'Anna'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(spreadsheetText(input)).toBe(output);
  });
});

test('CSV fields and lines are neutralised, then quoted', () => {
  expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  expect(csvLine(['=1+1', '-4.2', 'plain'])).toBe("'=1+1,-4.2,plain\r\n");
});

test('XLSX text cells are neutralised; numbers stay number cells', () => {
  const xml = rowXml(['=1+1', '-4.2', -1, '@x'], 1);
  expect(xml).toContain('<t xml:space="preserve">\'=1+1</t>');
  expect(xml).toContain('<c r="B1"><v>-4.2</v></c>');
  expect(xml).toContain('<c r="C1"><v>-1</v></c>');
  expect(xml).toContain('<t xml:space="preserve">\'@x</t>');
});
