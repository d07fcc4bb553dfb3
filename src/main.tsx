// Boot: pick the language, render, register the service worker; the data worker starts after the first paint.
import '@fontsource-variable/inter';
import './styles/global.css';
import './styles/shell.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { listenForInstall } from './app/install';
import { startRouteCode } from './app/routes';
import { setBootSession } from './app/session';
import { listenForNavigation, registerServiceWorker } from './bridge/sw-register';
import { startDataWorker } from './bridge/worker';
import { afterFirstPaint } from './components/firstPaint';
import { flushKept, keptFromBoot } from './db/kept';
import { startStoreReadsAfter } from './db/store';
import { FIRST_PART_PATHS } from './domain/cataloguePart';
import { activateLocale, bootRead } from './i18n/activate';

// Before anything is awaited: the browser may offer the install while the language loads, and a notification
// click may send this starting page elsewhere.
listenForInstall();
listenForNavigation();

async function boot() {
  // The page's own chunks load while the session and the language are read.
  startRouteCode(location.pathname);
  // The language, the session and the kept answers, read from the store without Dexie (db/peek.ts).
  const { locale, auth, kept } = await bootRead();
  setBootSession(auth);
  // A return visit's dashboard paints from what the last one showed, before Dexie loads (db/kept.ts).
  keptFromBoot(kept, auth?.user?._id);
  // A visit shorter than the answers' write delay keeps them too.
  addEventListener('pagehide', () => void flushKept());
  // What reads the store around the first screen (the session watch, the status dot) waits for its paint.
  startStoreReadsAfter(afterFirstPaint());
  // A `?lang=` is also a choice to keep: the root route keeps it (app/Root.tsx useLangQuery), after the first paint.
  // The dashboard and the sign-in page paint with the catalogue's first part; the rest follows (domain/cataloguePart.ts).
  const firstPart = (FIRST_PART_PATHS as readonly string[]).includes(location.pathname);
  await activateLocale(locale, firstPart ? afterFirstPaint() : undefined);
  // The public station page holds nothing on a first visit: its values come through the data worker, which then
  // starts with the page rather than after its first paint (issue 32: the page's largest paint waited for it).
  if (location.pathname.startsWith('/station/')) void startDataWorker();
  // As a transition: the first screen renders in slices that yield to the browser (issue 32: the dashboard's first
  // render from the kept answers was one long task on a phone).
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  // The data worker starts once the first screen has painted (app/Root.tsx); the service worker registers then
  // too (its registration waits for the window's load event anyway): workbox-window is not on the first paint's path.
  void afterFirstPaint().then(registerServiceWorker);
}

void boot();
