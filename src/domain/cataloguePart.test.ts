// The catalogue's two parts (vite.catalogue-parts.ts): each message in exactly one, the dashboard's and the sign-in
// page's in the first, the help page's in the rest.
import { describe, expect, it } from 'vitest';
import { FIRST_PART_PATHS, partOf } from './cataloguePart';

describe('partOf', () => {
  it('puts a message in the first part when any of its places is under a first-paint folder', () => {
    expect(partOf(['src/cards/MetricCard.tsx'])).toBe('first');
    expect(partOf(['src/pages/dashboard/DashboardPage.tsx'])).toBe('first');
    expect(partOf(['src/pages/login/LoginPage.tsx'])).toBe('first');
    expect(partOf(['src/pages/help/HelpPage.tsx', 'src/app/layouts/AppLayout.tsx'])).toBe('first');
    expect(partOf(['src/pages/help/HelpPage.tsx'])).toBe('rest');
    // A folder's name is not a prefix of another's.
    expect(partOf(['src/pages/dashboardish/X.tsx'])).toBe('rest');
    expect(partOf([])).toBe('rest');
  });

  it('lists the routes that paint with the first part', () => {
    expect([...FIRST_PART_PATHS]).toEqual(['/', '/login', '/dashboard']);
  });
});

describe('the built parts', () => {
  it.each(['en', 'de', 'zh-Hant'])(
    'of %s split the whole catalogue without loss or overlap',
    async (locale) => {
      const whole = (await import(`../../locales/${locale}.po`)).messages;
      const first = (await import(`../../locales/${locale}.po?part=first`)).messages;
      const rest = (await import(`../../locales/${locale}.po?part=rest`)).messages;
      const firstIds = Object.keys(first);
      const restIds = Object.keys(rest);
      expect(firstIds.filter((id) => id in rest)).toEqual([]);
      expect([...firstIds, ...restIds].sort()).toEqual(Object.keys(whole).sort());
      expect({ ...first, ...rest }).toEqual(whole);
      // The first part is the smaller: that is its point.
      expect(JSON.stringify(first).length).toBeLessThan(JSON.stringify(rest).length / 2);
    },
  );
});
