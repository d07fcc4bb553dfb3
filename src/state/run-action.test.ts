// A failed action's message goes once the same action succeeds (issue #12: a wrong password stayed on the
// dashboard after the next, right one); another action's success leaves it.
import { beforeEach, describe, expect, it } from 'vitest';
import { runAction } from './run-action';
import { useUi } from './ui';

const fail = (message: string) => () => Promise.reject(new Error(message));

describe('runAction', () => {
  beforeEach(() => useUi.getState().clearError());

  it('shows a failure, and clears it when the same action then succeeds', async () => {
    const r = await runAction('login', fail('Invalid login'));
    expect(r.ok).toBe(false);
    expect(useUi.getState().errorMessage).toBeTruthy();
    expect((await runAction('login', async () => 1)).ok).toBe(true);
    expect(useUi.getState().errorMessage).toBeNull();
  });

  it("another action's success leaves the message", async () => {
    await runAction('lookupStation', fail('Device not found'));
    await runAction('saveUnits', async () => 1);
    expect(useUi.getState().errorMessage).toBeTruthy();
    await runAction('lookupStation', async () => 1);
    expect(useUi.getState().errorMessage).toBeNull();
  });
});
