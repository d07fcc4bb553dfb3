import { describe, expect, it } from 'vitest';
import { dateTime } from './format';

describe('admin dates', () => {
  it('follow the DD/MM and 12/24-hour setting, not the language alone (issue 22: US dates)', () => {
    const t = Date.UTC(2026, 10, 26, 18, 5) / 1000;
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: tz, day: '2-digit', month: '2-digit' }).format(
      t * 1000,
    );
    const [d, m] = local.split('/');
    expect(dateTime(t, 'en', { date: 'DD/MM', time: '24h' })).toMatch(new RegExp(`^${d}/${m}/2026 `));
    expect(dateTime(t, 'en', { date: 'MM/DD', time: '24h' })).toMatch(new RegExp(`^${m}/${d}/2026 `));
    expect(dateTime('', 'en', { date: 'DD/MM', time: '24h' })).toBe('');
  });
});
