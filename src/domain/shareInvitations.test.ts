import { describe, expect, it } from 'vitest';
import { inputReaders } from './readers';
import { SHARE_MESSAGES, shareInvitationRules } from './shareInvitations';

class Refused extends Error {
  constructor(
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}
const rules = () => shareInvitationRules(inputReaders((message, data) => new Refused(message, data)));
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    return { message: e.message, data: e.data };
  }
  throw new Error('accepted');
};
const DEVICE = 'dddddddddddddddddddddddd';

describe('share invitation messages', () => {
  it('are the catalogue errors where one exists', () => {
    expect(SHARE_MESSAGES.ownerOnly).toBe('Only the owner can share this station');
    expect(SHARE_MESSAGES.recipientOnly).toBe('Only the invited person can answer an invitation');
    expect(SHARE_MESSAGES.notFound).toBe('Invitation not found');
    expect(SHARE_MESSAGES.tooMany).toBe('Too many invitations, please try again later');
  });
});

describe('shareInvitationRules.create', () => {
  it('takes a device and an address, trimmed and in lower case', () => {
    expect(rules().create({ device: DEVICE, email: ' Ann@Example.COM ' })).toEqual({
      device: DEVICE,
      email: 'ann@example.com',
    });
  });

  it('refuses a missing, long or malformed address with one message', () => {
    const bad = { message: 'email must be an e-mail address', data: { field: 'email' } };
    for (const email of [undefined, '', 'ann', 'ann@', 5, `${'a'.repeat(243)}@example.com`])
      expect(refusal(() => rules().create({ device: DEVICE, email }))).toEqual(bad);
    expect(rules().create({ device: DEVICE, email: `${'a'.repeat(242)}@example.com` }).email).toHaveLength(
      254,
    );
  });

  it('refuses other fields and a bad device', () => {
    expect(refusal(() => rules().create({ device: DEVICE, email: 'a@example.com', role: 'x' }))).toEqual({
      message: 'role cannot be set',
      data: { field: 'role' },
    });
    expect(refusal(() => rules().create({ email: 'a@example.com' }))).toEqual({
      message: 'device is required',
      data: undefined,
    });
    expect(refusal(() => rules().create(null))).toEqual({
      message: 'The body must be an object',
      data: undefined,
    });
  });
});

describe('shareInvitationRules.answer', () => {
  it('accepts or declines, nothing else', () => {
    expect(rules().answer({ status: 'accepted' })).toBe('accepted');
    expect(rules().answer({ status: 'declined' })).toBe('declined');
    expect(refusal(() => rules().answer({ status: 'pending' }))).toEqual({
      message: "status must be 'accepted' or 'declined'",
      data: { field: 'status' },
    });
    expect(refusal(() => rules().answer({}))).toEqual({
      message: "status must be 'accepted' or 'declined'",
      data: { field: 'status' },
    });
    expect(refusal(() => rules().answer({ status: 'accepted', email: 'x' }))).toEqual({
      message: 'email cannot be set',
      data: { field: 'email' },
    });
    expect(refusal(() => rules().answer('accepted')).message).toBe('The body must be an object');
  });
});

describe('shareInvitationRules.query', () => {
  it('reads the optional device, role and status filters', () => {
    expect(rules().query(undefined)).toEqual({ device: undefined, role: undefined, status: undefined });
    expect(
      rules().query({ device: DEVICE, role: 'sent', status: 'pending', $paginate: 'false', $limit: 5 }),
    ).toEqual({
      device: DEVICE,
      role: 'sent',
      status: 'pending',
    });
    expect(rules().query({ role: 'received', status: 'accepted' })).toEqual({
      device: undefined,
      role: 'received',
      status: 'accepted',
    });
  });

  it('refuses other filters and values', () => {
    expect(refusal(() => rules().query({ email: 'x' }))).toEqual({
      message: 'email is not a filter of shareInvitations',
      data: { field: 'email' },
    });
    expect(refusal(() => rules().query({ role: 'owner' }))).toEqual({
      message: "role must be 'sent' or 'received'",
      data: { field: 'role' },
    });
    expect(refusal(() => rules().query({ status: 'declined' }))).toEqual({
      message: "status must be 'pending' or 'accepted'",
      data: { field: 'status' },
    });
    expect(refusal(() => rules().query({ device: 'x' })).message).toBe('device holds an invalid id');
  });
});
