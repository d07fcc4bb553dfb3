// The root's effects that read the store (Dexie): the theme, push registration, persistent storage. None of them
// draws the first screen (public/boot-theme.js paints the last theme before any script), so they load with
// Dexie after the first paint (app/Root.tsx, issue 21's bundle budget).
import { usePersistentStorage } from './persist';
import { usePushRegistration } from './push';
import { useThemeEffect } from './theme';

export default function ShellEffects() {
  useThemeEffect();
  usePushRegistration();
  usePersistentStorage();
  return null;
}
