// Once someone is signed in, the history and unsent edits this browser holds are theirs: ask the browser to keep
// them under storage pressure (issue 32). Asked once per page load, after sign-in (Chromium decides by the
// site's engagement or installation; Firefox may ask the user, which is why it waits for a signed-in user).
import { useEffect } from 'react';
import { askPersistentStorage } from '../bridge/storage';
import { useAuth } from '../db/hooks';

let asked = false;

export function usePersistentStorage(): void {
  const signedIn = !!useAuth()?.user;
  useEffect(() => {
    if (!signedIn || asked) return;
    asked = true;
    void askPersistentStorage();
  }, [signedIn]);
}
