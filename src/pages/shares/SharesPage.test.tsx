// @vitest-environment happy-dom
// The recipient's screen (issue #10): "X invites you to see station Y" with Accept / Decline, written through
// at once and queued for the server; an accepted station can be left.
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signedInDb } from '../../db/testing';
import type { ShareInvitation } from '../../domain/contract';
import SharesPage from './SharesPage';

vi.mock('../../bridge/worker', () => ({ dataWorker: {} }));

const db = signedInDb('shares-page');

const invitation = (
  id: string,
  deviceName: string,
  extra: Partial<ShareInvitation> = {},
): ShareInvitation => ({
  _id: id,
  device: `dev-${id}`,
  deviceName,
  email: 'a@b.c',
  status: 'pending',
  role: 'received',
  recipient: null,
  from: { _id: 'owner1', email: 'olga@example.com', firstName: 'Olga', lastName: 'Owner' },
  createdAt: Date.UTC(2026, 10, 3),
  ...extra,
});

const page = () =>
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <SharesPage />
      </MemoryRouter>
    </I18nProvider>,
  );

describe('shared with me', () => {
  it('shows who invites to which station; Accept and Decline are stored at once and queued', async () => {
    await db.shareInvitations.bulkPut([invitation('i1', 'Roof'), invitation('i2', 'Shed')]);
    // An invitation the user sent is not theirs to answer.
    await db.shareInvitations.put({ ...invitation('i3', 'Mine'), role: 'sent', from: undefined });
    page();
    const list = await screen.findByRole('region', { name: 'Invitations' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Olga Owner invites you to see the station Roof',
      'Olga Owner invites you to see the station Shed',
    ]);
    expect(within(items[0]).getByText(/olga@example\.com/)).toBeTruthy();
    expect(screen.queryByText(/Mine/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation to Roof' }));
    await waitFor(async () => expect((await db.shareInvitations.get('i1'))?.status).toBe('accepted'));
    const shared = await screen.findByRole('region', { name: 'Stations shared with you' });
    expect(within(shared).getByText('Roof')).toBeTruthy();
    expect(within(shared).getByText('Shared by Olga Owner')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Decline the invitation to Shed' }));
    await waitFor(async () => expect(await db.shareInvitations.get('i2')).toBeUndefined());
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull());

    const queued = (await db.outbox.orderBy('seq').toArray()).map((m) => [m.method, m.recordId, m.data]);
    expect(queued).toEqual([
      ['patch', 'i1', { status: 'accepted' }],
      ['patch', 'i2', { status: 'declined' }],
    ]);
  });

  it('leaves a shared station after confirming', async () => {
    await db.shareInvitations.put(invitation('i4', 'Pond', { status: 'accepted', recipient: 'u1' }));
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this station?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(async () => expect(await db.shareInvitations.count()).toBe(0));
    const [queued] = await db.outbox.toArray();
    expect(queued).toMatchObject({ service: 'shareInvitations', method: 'remove', recordId: 'i4' });
    expect(await screen.findByText('No invitations')).toBeTruthy();
  });
});
