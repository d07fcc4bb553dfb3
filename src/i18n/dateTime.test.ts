// The user's date order and clock (Unit & Display) in every shown date, in the station's time zone.
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay } from './dateTime';

const ms = Date.UTC(2025, 11, 31, 18, 5, 9);

describe('dates in the user format', () => {
  it('puts day and month in the chosen order and uses the chosen clock', () => {
    expect(formatDateTime(ms, 'en', { date: 'MM/DD', time: 'ampm' }, { timeZone: 'UTC' })).toBe(
      '12/31/2025 6:05 PM',
    );
    expect(formatDateTime(ms, 'de', { date: 'DD/MM', time: '24h' }, { timeZone: 'UTC', seconds: true })).toBe(
      '31/12/2025 18:05:09',
    );
  });
  it("reads the date in the station's time zone; picker days stay the day picked", () => {
    expect(formatDate(ms, 'en', { date: 'DD/MM', time: '24h' }, 'Asia/Tokyo')).toBe('01/01/2026');
    expect(formatDay('2025-03-04', 'fr', { date: 'MM/DD', time: '24h' })).toBe('03/04/2025');
  });
});
