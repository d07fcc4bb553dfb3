// @vitest-environment happy-dom
// The upload-target editor offers the networks of issue 28 like the others: CWOP with its optional APRS-IS
// server, each network's words for the ID and key, and its own minimum interval.
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TargetDialog } from './TargetDialog';

function open(onSave = vi.fn()) {
  render(
    <I18nProvider i18n={i18n}>
      <TargetDialog
        open
        device="d1"
        editing={null}
        busy={false}
        error={null}
        onCancel={() => {}}
        onSave={onSave}
      />
    </I18nProvider>,
  );
  return onSave;
}

const choose = (network: string) =>
  fireEvent.change(screen.getByLabelText('Network'), { target: { value: network } });

describe('upload-target editor: CWOP, WOW, OpenWeatherMap, Windguru', () => {
  it('lists the four networks among the choices', () => {
    open();
    const names = [...(screen.getByLabelText('Network') as HTMLSelectElement).options].map((o) => o.text);
    expect(names).toEqual(
      expect.arrayContaining(['CWOP (APRS-IS)', 'Met Office WOW', 'OpenWeatherMap', 'Windguru']),
    );
  });

  it('CWOP: an optional APRS-IS server, call sign and passcode hints, at least 300 s; saves the server', () => {
    const onSave = open();
    expect(screen.queryByLabelText('APRS-IS server')).toBeNull();
    choose('cwop');
    expect(screen.getByText('Your amateur radio call sign, or your CWOP id (CW0001).')).toBeTruthy();
    expect(screen.getByText('The APRS-IS passcode of your call sign; -1 for a CWOP id.')).toBeTruthy();
    expect(screen.getByText('At least 300 seconds for CWOP (APRS-IS).')).toBeTruthy();
    expect((screen.getByLabelText('Interval (seconds)') as HTMLInputElement).value).toBe('600');
    fireEvent.change(screen.getByLabelText('APRS-IS server'), {
      target: { value: ' aprs://rotate.aprs2.net:14580 ' },
    });
    fireEvent.change(screen.getByLabelText('Station ID at the network'), { target: { value: 'CW0101' } });
    fireEvent.change(screen.getByLabelText('Key or password at the network'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      device: 'd1',
      network: 'cwop',
      stationId: 'CW0101',
      key: '-1',
      url: 'aprs://rotate.aprs2.net:14580',
      interval: 600,
      enabled: true,
    });
  });

  it("WOW, OpenWeatherMap and Windguru: each network's words and minimum", () => {
    open();
    choose('wow');
    expect(screen.getByText('The Site ID of your site at WOW.')).toBeTruthy();
    expect(screen.getByText('At least 300 seconds for Met Office WOW.')).toBeTruthy();
    choose('openweathermap');
    expect(
      screen.getByText('Leave empty: the station is registered with OpenWeatherMap on the first upload.'),
    ).toBeTruthy();
    expect(screen.getByText('Your OpenWeatherMap API key.')).toBeTruthy();
    choose('windguru');
    expect(screen.getByText('The station UID at Windguru.')).toBeTruthy();
    expect(screen.getByText('At least 60 seconds for Windguru.')).toBeTruthy();
    expect(screen.queryByLabelText('APRS-IS server')).toBeNull();
  });
});
