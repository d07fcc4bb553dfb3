import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, isExportFormat, MAX_EXPORT_DAYS } from './exports';
import { HISTORY_DAILY_SECONDS } from './periods';

describe('export rules', () => {
  it('take a year of history at once, as CSV or XLSX', () => {
    expect(MAX_EXPORT_DAYS * 86400).toBeGreaterThanOrEqual(HISTORY_DAILY_SECONDS);
    expect(EXPORT_FORMATS).toEqual(['csv', 'xlsx', 'weewx', 'cumulus']);
    expect(isExportFormat('xlsx')).toBe(true);
    expect(isExportFormat('pdf')).toBe(false);
  });
});
