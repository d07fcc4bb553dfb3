// Client UI state of spec §3 that is not persisted: title, page modes, snackbars, the running action, the drawer.
// Persisted facts (auth, devices, settings) live in Dexie and are read through src/db/hooks.
import { create } from 'zustand';
import { errorCodeOf } from '../domain/errors';

/** Breakpoint under which the drawer is a modal overlay that closes itself after navigation. */
export const SMALL_SCREEN_PX = 960;

export interface UiState {
  title: string;
  fullPage: boolean;
  fullscreen: boolean;
  errorMessage: string | null;
  /** The action whose failure the error snackbar shows (runAction): its success clears it. */
  errorSource: string | null;
  successMessage: string | null;
  /** Name of the action in progress (buttons show a spinner and are disabled), or null. */
  processing: string | null;
  drawerOpen: boolean;
  /** Counts the user's requests for push alerts (an alert rule by notification): the shell asks for permission. */
  pushWanted: number;
  setTitle(title: string): void;
  setFullPage(on: boolean): void;
  setFullscreen(on: boolean): void;
  showError(message: string, source?: string): void;
  showSuccess(message: string): void;
  clearError(): void;
  clearSuccess(): void;
  setProcessing(name: string | null): void;
  setDrawerOpen(open: boolean): void;
  toggleDrawer(): void;
  wantPush(): void;
}

const wideScreen = () => typeof window !== 'undefined' && window.innerWidth >= SMALL_SCREEN_PX;

export const useUi = create<UiState>()((set) => ({
  title: '',
  fullPage: false,
  fullscreen: false,
  errorMessage: null,
  errorSource: null,
  successMessage: null,
  processing: null,
  drawerOpen: wideScreen(),
  pushWanted: 0,
  setTitle: (title) => set({ title }),
  setFullPage: (fullPage) => set({ fullPage }),
  // Entering fullscreen closes the drawer (spec §2); leaving it clears the flag only.
  setFullscreen: (fullscreen) => set(fullscreen ? { fullscreen, drawerOpen: false } : { fullscreen }),
  showError: (errorMessage, source) => set({ errorMessage, errorSource: source ?? null }),
  showSuccess: (successMessage) => set({ successMessage }),
  clearError: () => set({ errorMessage: null, errorSource: null }),
  clearSuccess: () => set({ successMessage: null }),
  setProcessing: (processing) => set({ processing }),
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
  toggleDrawer: () => set((s) => ({ drawerOpen: !s.drawerOpen })),
  wantPush: () => set((s) => ({ pushWanted: s.pushWanted + 1 })),
}));

/** What to show for anything thrown: its error code, else its `.message` (worker rejections, workers/api.ts). */
export function errorText(err: unknown): string {
  // A coded error is shown by its code (translateServerMessage translates it); anything else as it came.
  const code = errorCodeOf(err);
  if (code) return code;
  if (err && typeof err === 'object' && 'message' in err && typeof err.message === 'string')
    return err.message;
  return String(err);
}
