// @vitest-environment happy-dom
// Issue 22: without a mail server the code is a file in DATA_DIR/outbox; the verify screen says so.
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SETTING, setSetting } from '../../db/settings';
import { signedInDb } from '../../db/testing';

vi.mock('../../bridge/worker', () => ({ dataWorker: { loadPublicConfig: vi.fn(async () => undefined) } }));
const { default: VerifyPage } = await import('./VerifyPage');
const db = signedInDb('verify-page');

function renderVerify() {
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/signup/verify?email=a%40b.co']}>
        <VerifyPage />
      </MemoryRouter>
    </I18nProvider>,
  );
}

describe('verify screen', () => {
  it('says where the code is when the server has no mail transport', async () => {
    await setSetting(db, SETTING.publicConfig, { captcha: null, oauth: [], mailOutbox: true });
    renderVerify();
    const note = await screen.findByTestId('mail-outbox-note');
    expect(note.textContent).toContain('DATA_DIR/outbox');
    expect(note.textContent).toContain('./data/outbox');
  });
});
