// @vitest-environment happy-dom
// A changed reading is highlighted on the same element (issue 32: a remount per change made each fresh value a new
// largest-paint candidate); the first render is not highlighted.
import '../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_UNIT_PREFS } from '../domain';
import { FLASH_MS, Reading } from './Reading';

const animate = vi.fn();
afterEach(() => animate.mockClear());

function view(value: number) {
  return (
    <I18nProvider i18n={i18n}>
      <Reading metric="tempc0" value={value} prefs={DEFAULT_UNIT_PREFS} testId="r" />
    </I18nProvider>
  );
}

describe('Reading', () => {
  it('highlights a changed value on the element that showed the old one', () => {
    Object.assign(HTMLElement.prototype, { animate });
    const { rerender, getByTestId } = render(view(20.1));
    const first = getByTestId('r').firstElementChild;
    expect(animate).not.toHaveBeenCalled();
    rerender(view(20.1));
    expect(animate).not.toHaveBeenCalled();
    rerender(view(20.4));
    expect(getByTestId('r').firstElementChild).toBe(first);
    expect(first?.textContent).toBe('20.4');
    expect(animate).toHaveBeenCalledOnce();
    expect(animate.mock.instances[0]).toBe(first);
    expect(animate.mock.calls[0][1]).toMatchObject({ duration: FLASH_MS });
  });
});
