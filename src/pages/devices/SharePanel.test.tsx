// @vitest-environment happy-dom
// The owner's share panel (issue #10): an invite shows as the typed address and "Pending" at once and is queued;
// revoking a queued invite drops it from the outbox; a bad or own address is refused on the spot.
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInDb, TEST_DEVICE } from '../../db/testing';
import { SharePanel } from './SharePanel';

vi.mock('../../bridge/worker', () => ({ dataWorker: {} }));

const db = signedInDb('share-panel');

describe('share panel', () => {
  it('invites, shows pending, revokes; refuses bad and own addresses', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <SharePanel device={TEST_DEVICE} />
      </I18nProvider>,
    );
    const field = await screen.findByLabelText('Invite by e-mail address');
    const invite = screen.getByRole('button', { name: 'Invite' });
    fireEvent.change(field, { target: { value: 'not an address' } });
    fireEvent.click(invite);
    expect((await screen.findByRole('alert')).textContent).toBe('Email format is wrong');
    fireEvent.change(field, { target: { value: 'A@B.C' } });
    fireEvent.click(invite);
    expect((await screen.findByRole('alert')).textContent).toBe('You cannot invite yourself');

    fireEvent.change(field, { target: { value: 'Friend@Example.com' } });
    fireEvent.click(invite);
    const list = await screen.findByRole('list', { name: 'Invitations for Garden' });
    expect(within(list).getByText('friend@example.com')).toBeTruthy();
    expect(within(list).getByText('Pending')).toBeTruthy();
    const [queued] = await db.outbox.toArray();
    expect(queued).toMatchObject({
      service: 'shareInvitations',
      method: 'create',
      data: { device: 'd1', email: 'friend@example.com' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to friend@example.com' }));
    await waitFor(async () => expect(await db.shareInvitations.count()).toBe(0));
    expect(await db.outbox.count()).toBe(0);
  });
});
