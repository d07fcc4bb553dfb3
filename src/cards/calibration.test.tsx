// @vitest-environment happy-dom
// A card's details name its calibrated readings with their correction (issue 24).
import 'fake-indexeddb/auto';
import '../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInDb, TEST_DEVICE } from '../db/testing';
import type { CalibrationEntry } from '../domain/calibration';
import { COLLECTIONS } from '../domain/collections';
import { CalibratedNote, correctionText } from './calibration';

const db = signedInDb('calibrated-note');
const entry = (e: Partial<CalibrationEntry>): CalibrationEntry => ({
  key: 'tempc0',
  offset: 0,
  multiplier: 1,
  quadratic: 0,
  since: 0,
  ...e,
});

describe('calibration on cards', () => {
  it('writes a correction as the terms it has, in the stored unit', () => {
    expect(correctionText(entry({ offset: 0.5 }), 'en')).toBe('+0.5 °C');
    expect(correctionText(entry({ offset: -1.25 }), 'de')).toBe('−1,25 °C');
    expect(correctionText(entry({ key: 'dailyrain', multiplier: 1.08 }), 'en')).toBe('×1.08');
    expect(
      correctionText(entry({ key: 'relbaro', quadratic: 0.0001, multiplier: 0.99, offset: 2 }), 'en'),
    ).toBe('0.0001·v² ×0.99 +2 hPa');
  });

  it('names the card’s readings calibrated now, and only those', async () => {
    await db.table(COLLECTIONS.calibration.table).put({
      _id: 'c1',
      weatherDevice: 'd1',
      entries: [
        entry({ offset: 0.5 }),
        entry({ key: 'humc0', offset: 3, since: Date.now() + 86_400_000 }),
        entry({ key: 'relbaro', offset: 1 }),
      ],
    });
    render(
      <I18nProvider i18n={i18n}>
        <CalibratedNote device={TEST_DEVICE} keys={['tempc0', 'humc0', 'dewpoint']} />
      </I18nProvider>,
    );
    const note = await screen.findByTestId('calibrated');
    expect(note.textContent).toBe('Temperature: calibrated (+0.5 °C)');
  });
});
