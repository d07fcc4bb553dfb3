// The in-app install button's state (issue 32). Chromium fires `beforeinstallprompt` when the app can be
// installed, often before React has mounted: it is caught from the start (main.tsx) and kept, so the button can
// call its prompt() later. Installed (`appinstalled`, or running standalone) there is nothing to offer.
import { useSyncExternalStore } from 'react';

/** Chromium's event (not in TypeScript's DOM lib). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const cb of listeners) cb();
};

/** Listen on the window for the browser's offer and for the install itself (once, from main.tsx). */
export function listenForInstall(win: Window = window): () => void {
  const onOffer = (e: Event) => {
    // Our button offers it instead of the browser's own mini-infobar.
    e.preventDefault();
    offered = e as BeforeInstallPromptEvent;
    notify();
  };
  const onInstalled = () => {
    offered = null;
    installed = true;
    notify();
  };
  win.addEventListener('beforeinstallprompt', onOffer);
  win.addEventListener('appinstalled', onInstalled);
  return () => {
    win.removeEventListener('beforeinstallprompt', onOffer);
    win.removeEventListener('appinstalled', onInstalled);
  };
}

/** True when running as the installed app (its own window). */
function standalone(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
}

const subscribe = (cb: () => void) => {
  listeners.add(cb);
  return () => listeners.delete(cb);
};
const canInstall = () => offered !== null && !installed && !standalone();

/** Whether the browser offers the install now. */
export function useCanInstall(): boolean {
  return useSyncExternalStore(subscribe, canInstall, () => false);
}

/** Show the browser's install dialog; the offer is used up either way (the browser makes a new one if it may). */
export async function install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = offered;
  if (!event) return 'unavailable';
  offered = null;
  notify();
  await event.prompt();
  return (await event.userChoice).outcome;
}

/** Tests: forget what was offered or installed. */
export function resetInstall(): void {
  offered = null;
  installed = false;
  notify();
}
