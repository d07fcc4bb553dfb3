// @vitest-environment happy-dom
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { Device } from '../../domain/contract';
import { AddDeviceFinish } from './AddDeviceFinish';

it('gives the Ecowitt path with the station key, the setting to type into the console', () => {
  const device = { _id: 'd1', wsid: 'abc123', stationKey: 'Key42xyz', name: 'Garden' } as Device;
  render(
    <I18nProvider i18n={i18n}>
      <AddDeviceFinish device={device} onDone={() => {}} />
    </I18nProvider>,
  );
  expect(screen.getByTestId('ecowitt-path').textContent).toBe('/data/report/Key42xyz');
  expect(screen.getByText('/data/report/Key42xyz', { selector: 'code:not([data-testid])' })).toBeTruthy();
  expect(document.body.textContent).toContain('The station key in the path identifies the station.');
});
