// @vitest-environment happy-dom
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const uploadAvatar = vi.fn(async (_url: string) => undefined);
vi.mock('../../bridge/worker', () => ({ dataWorker: { uploadAvatar: (u: string) => uploadAvatar(u) } }));

const { AvatarEditor } = await import('./AvatarEditor');

const file = (name: string, type: string, bytes = 4) => new File([new Uint8Array(bytes)], name, { type });
const drop = (files: File[]) =>
  fireEvent.drop(screen.getByRole('group', { name: 'Picture' }), {
    dataTransfer: { files, items: files.map((f) => ({ kind: 'file', type: f.type })), types: ['Files'] },
  });

describe('avatar upload', () => {
  beforeEach(() => uploadAvatar.mockClear());

  it('takes a dropped image and refuses anything else', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <AvatarEditor src={null} name="Ann Lee" />
      </I18nProvider>,
    );
    drop([file('notes.txt', 'text/plain')]);
    expect(screen.getByRole('alert').textContent).toBe('Only image files can be used as a picture.');
    expect(uploadAvatar).not.toHaveBeenCalled();

    drop([file('big.png', 'image/png', 600 * 1024)]);
    expect(screen.getByRole('alert').textContent).toBe('The picture must be 512 KB or smaller');

    drop([file('me.png', 'image/png')]);
    await waitFor(() => expect(uploadAvatar).toHaveBeenCalledTimes(1));
    expect(uploadAvatar.mock.calls[0][0]).toMatch(/^data:image\/png;base64,/);
    expect((await screen.findByRole('status')).textContent).toBe('Picture saved.');
  });

  it('the file picker only offers images', () => {
    render(
      <I18nProvider i18n={i18n}>
        <AvatarEditor src={null} name="Ann Lee" />
      </I18nProvider>,
    );
    expect(screen.getByLabelText('Picture file').getAttribute('accept')).toBe(
      'image/png,image/jpeg,image/webp,image/gif',
    );
  });
});
