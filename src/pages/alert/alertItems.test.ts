// Issue 26: ET₀ and degree days of the day are alert items like any other reading, under their card.
import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DEVICE } from '../../db/testing';
import { itemsFor } from './alertItems';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

describe('alert items', () => {
  it('offer the day’s ET₀ and degree days once the station reports them, under their card', () => {
    const device = { ...TEST_DEVICE, consoletype: 0 };
    const seen = new Set(['tempc0', 'humc0', 'et0day', 'hddday', 'cddday', 'gddday']);
    const climate = itemsFor(device, seen).filter((o) => o.group === 'ET₀ & degree days');
    expect(climate).toEqual([
      { value: 'et0day', label: 'ET₀ & degree days · ET₀ today', group: climate[0].group },
      {
        value: 'hddday',
        label: 'ET₀ & degree days · Heating degree days',
        group: climate[0].group,
      },
      {
        value: 'cddday',
        label: 'ET₀ & degree days · Cooling degree days',
        group: climate[0].group,
      },
      {
        value: 'gddday',
        label: 'ET₀ & degree days · Growing degree days',
        group: climate[0].group,
      },
    ]);
    // A station that never reported them (no place, no temperature) is not offered them.
    const plain = itemsFor(device, new Set(['tempc0', 'humc0'])).map((o) => o.value);
    expect(plain).not.toContain('et0day');
  });
});
