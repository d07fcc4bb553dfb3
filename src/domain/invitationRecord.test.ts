import { describe, expect, it } from 'vitest';
import { type InvitationRow, receivedCopy, sentCopy } from './invitationRecord';

const row = (status: InvitationRow['status']): InvitationRow => ({
  _id: 'i1',
  device: 'd1',
  owner: 'o1',
  email: 'ann@example.com',
  recipient: 'u2',
  status,
  createdAt: 100,
  updatedAt: 200,
});
const FROM = { _id: 'o1', email: 'owner@example.com', firstName: 'Olga', lastName: 'Owner' };

describe('sentCopy', () => {
  it('shows the owner the address and the recipient once accepted', () => {
    expect(sentCopy(row('accepted'), 'Garden')).toEqual({
      _id: 'i1',
      device: 'd1',
      deviceName: 'Garden',
      email: 'ann@example.com',
      status: 'accepted',
      role: 'sent',
      recipient: 'u2',
      createdAt: 100,
    });
  });

  it('shows a declined invitation as pending, without the recipient', () => {
    const pending = {
      _id: 'i1',
      device: 'd1',
      deviceName: 'Garden',
      email: 'ann@example.com',
      status: 'pending',
      role: 'sent',
      recipient: null,
      createdAt: 100,
    };
    expect(sentCopy(row('declined'), 'Garden')).toEqual(pending);
    expect(sentCopy(row('pending'), 'Garden')).toEqual(pending);
  });
});

describe('receivedCopy', () => {
  it('shows the invited person who invites them, its own status, and itself once accepted', () => {
    expect(receivedCopy(row('accepted'), 'Garden', FROM, 'u9')).toEqual({
      _id: 'i1',
      device: 'd1',
      deviceName: 'Garden',
      email: 'ann@example.com',
      status: 'accepted',
      role: 'received',
      recipient: 'u9',
      from: FROM,
      createdAt: 100,
    });
    expect(receivedCopy(row('declined'), 'Garden', FROM, 'u9')).toMatchObject({
      status: 'declined',
      recipient: null,
    });
    expect(receivedCopy(row('pending'), 'Garden', FROM, 'u9')).toMatchObject({
      status: 'pending',
      recipient: null,
    });
  });
});
