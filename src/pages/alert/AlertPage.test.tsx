// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signedInDb, TEST_DEVICE } from '../../db/testing';
import { DEFAULT_UNIT_PREFS } from '../../domain';
import { useUi } from '../../state/ui';
import AlertPage from './AlertPage';
import { RuleEditor } from './RuleEditor';

vi.mock('../../bridge/worker', () => ({ dataWorker: {} }));

const db = signedInDb('alert-page');
const device = TEST_DEVICE;

const wrap = (ui: React.ReactNode) => <I18nProvider i18n={i18n}>{ui}</I18nProvider>;

describe('alert rule editor', () => {
  it('shows Wrong input range / Wrong input for the value and keeps a valid rule', () => {
    const onSave = vi.fn();
    render(
      wrap(
        <RuleEditor
          device={device}
          prefs={DEFAULT_UNIT_PREFS}
          rule={null}
          onSave={onSave}
          onCancel={() => {}}
        />,
      ),
    );
    fireEvent.change(screen.getByLabelText('Item'), { target: { value: 'co2' } });
    expect((screen.getByLabelText('Condition') as HTMLSelectElement).value).toBe('above');
    const value = screen.getByLabelText('Value');
    fireEvent.change(value, { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The spec's message, with the range it means.
    expect(screen.getByRole('alert').textContent).toBe('Wrong input range: from 401 to 5000 ppm');
    expect(value.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(value, { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Wrong input');
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(value, { target: { value: '1200' } });
    fireEvent.change(screen.getByLabelText('Method'), { target: { value: 'notification' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      item: 'co2',
      condition: 'above',
      value: 1200,
      unit: 'ppm',
      method: 'notification',
    });
  });

  it('checks the value in the chosen unit (°F) and offers no value for lost data', () => {
    const onSave = vi.fn();
    render(
      wrap(
        <RuleEditor
          device={device}
          prefs={DEFAULT_UNIT_PREFS}
          rule={null}
          onSave={onSave}
          onCancel={() => {}}
        />,
      ),
    );
    fireEvent.change(screen.getByLabelText('Item'), { target: { value: 'tempc0' } });
    fireEvent.change(screen.getByLabelText('Unit'), { target: { value: 'F' } });
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The range in the unit the value is typed in.
    expect(screen.getByRole('alert').textContent).toBe('Wrong input range: from -40.0 to 140.0 °F');
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({
      item: 'tempc0',
      condition: 'above',
      value: 95,
      unit: 'F',
      method: 'email',
    });

    fireEvent.change(screen.getByLabelText('Item'), { target: { value: 'lostData' } });
    expect(screen.queryByLabelText('Value')).toBeNull();
    expect(screen.queryByLabelText('Condition')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({ item: 'lostData', method: 'email' });
  });
});

describe('alert items (issue 22)', () => {
  it("offers the station's metrics, not every sensor its type could have", async () => {
    await db.live.put({ device: 'd1', time: 1_700_000_000, tempc0: 20, humc0: 50, windspd: 2 } as never);
    render(
      wrap(
        <RuleEditor
          device={device}
          prefs={DEFAULT_UNIT_PREFS}
          rule={null}
          onSave={() => {}}
          onCancel={() => {}}
        />,
      ),
    );
    const options = () =>
      [...(screen.getByLabelText('Item') as HTMLSelectElement).options].map((o) => o.value);
    await waitFor(() => expect(options()).not.toContain('co2'));
    expect(options()).toEqual(expect.arrayContaining(['tempc0', 'humc0', 'windspd', 'lostData']));
    expect(options()).not.toContain('tempc8');
    expect(options().length).toBeLessThan(15);
  });
});

describe('alert setting page', () => {
  it('adds a rule with Add rule → Save and stores it write-through (queued for the server)', async () => {
    render(wrap(<MemoryRouter>{<AlertPage />}</MemoryRouter>));
    const add = (await screen.findByRole('button', { name: 'Add rule' })) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    fireEvent.change(screen.getByLabelText('Item'), { target: { value: 'humc0' } });
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong input range: from 1 to 99 %');
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '85' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect((await db.alertSettings.get('d1'))?.settings).toEqual([
        { item: 'humc0', condition: 'above', value: 85, unit: '%', method: 'email' },
      ]),
    );
    expect(await db.outbox.count()).toBe(1);
    const list = await screen.findByRole('list', { name: 'Alert rules' });
    expect(within(list).getByText('Outdoor · Humidity')).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe('Saved — will sync when online');

    fireEvent.click(screen.getByRole('switch', { name: 'Disable all alerts' }));
    await waitFor(async () => expect((await db.alertSettings.get('d1'))?.disableAll).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Remove rule: Outdoor · Humidity' }));
    await waitFor(async () => expect((await db.alertSettings.get('d1'))?.settings).toEqual([]));
  });

  it('asks for push permission when a rule by notification is saved, not before (issue 22)', async () => {
    render(wrap(<MemoryRouter>{<AlertPage />}</MemoryRouter>));
    const before = useUi.getState().pushWanted;
    const add = (await screen.findByRole('button', { name: 'Add rule' })) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    fireEvent.change(screen.getByLabelText('Item'), { target: { value: 'humc0' } });
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '85' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('list', { name: 'Alert rules' });
    expect(useUi.getState().pushWanted).toBe(before);
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    fireEvent.change(screen.getByLabelText('Item'), { target: { value: 'humc0' } });
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '90' } });
    fireEvent.change(screen.getByLabelText('Method'), { target: { value: 'notification' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(useUi.getState().pushWanted).toBe(before + 1);
  });
});
