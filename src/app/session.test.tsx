// @vitest-environment happy-dom
// The guard's session (issue 21): what boot read without Dexie until the first paint, then Dexie's live read of
// the same row, so signing in or out moves it. No test-setup: this test marks the first paint itself.
import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { afterFirstPaint, markShellMounted } from '../components/firstPaint';
import { setHooksDb } from '../db/hooks';
import { PortalDb } from '../db/schema';
import { SETTING, setSetting } from '../db/settings';
import { startStoreReadsAfter } from '../db/store';
import type { User } from '../domain/contract';
import { sessionOf, setBootSession, useSession } from './session';

i18n.loadAndActivate({ locale: 'en', messages: {} });
const db = new PortalDb(`session-${Math.random()}`);
setHooksDb(db);
// As main.tsx: the live reads wait for the first paint.
startStoreReadsAfter(afterFirstPaint());
const user = { _id: 'u1', email: 'a@b.c', verified: true } as User;

describe('useSession', () => {
  it('answers the boot read until the first paint, then follows the store', async () => {
    await setSetting(db, SETTING.auth, { accessToken: 'boot', user });
    setBootSession({ accessToken: 'boot', user });
    const { result } = renderHook(() => useSession());
    expect(result.current).toEqual({ accessToken: 'boot', user });
    // Signed out in another tab before this one painted: Dexie is not read yet, the boot read stands.
    await setSetting(db, SETTING.auth, undefined);
    await new Promise((r) => setTimeout(r, 100));
    expect(result.current).toEqual({ accessToken: 'boot', user });
    markShellMounted();
    await waitFor(() => expect(result.current).toBeNull());
    await setSetting(db, SETTING.auth, { accessToken: 'next', user });
    await waitFor(() => expect(result.current).toEqual({ accessToken: 'next', user }));
  });

  it('a token without its user, or no record, is no session', () => {
    expect(sessionOf({ accessToken: 'jwt' })).toBeNull();
    expect(sessionOf(undefined)).toBeNull();
    expect(sessionOf({ accessToken: 'jwt', user })).toEqual({ accessToken: 'jwt', user });
  });
});
