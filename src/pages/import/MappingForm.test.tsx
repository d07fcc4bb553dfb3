// @vitest-environment happy-dom
// The column mapping of a CSV no program claims: what the owner picks is what the import is asked to read.
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MappingForm } from './MappingForm';

const columns = {
  header: ['when', 'outside temp', 'rel. humidity', 'gusts'],
  delimiter: ';',
  sample: [['2024-06-01T12:00:00Z', '21,5', '60', '12']],
};

describe('CSV column mapping', () => {
  it('sends the time column and format and each mapped column with its unit; unmapped columns are left out', () => {
    const submit = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <MappingForm columns={columns} onSubmit={submit} />
      </I18nProvider>,
    );
    expect(screen.getByLabelText('Time column')).toHaveProperty('value', 'when');
    fireEvent.change(screen.getByLabelText('Time written as'), { target: { value: 'iso' } });
    const temp = screen.getByLabelText('Column “outside temp” (e.g. 21,5)');
    fireEvent.change(temp, { target: { value: 'tempc0' } });
    const units = screen.getAllByLabelText('Unit');
    expect(units).toHaveLength(3);
    expect(units[2]).toHaveProperty('disabled', true); // gusts: not mapped yet
    fireEvent.change(screen.getByLabelText('Column “gusts” (e.g. 12)'), { target: { value: 'gust' } });
    fireEvent.change(units[2], { target: { value: 'km/h' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(submit).toHaveBeenCalledWith({
      time: 'when',
      timeFormat: 'iso',
      columns: { 'outside temp': { key: 'tempc0', unit: 'C' }, gusts: { key: 'gust', unit: 'km/h' } },
    });
  });
});
