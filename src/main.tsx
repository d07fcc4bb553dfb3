// Boot: pick the language, render, register the service worker; the data worker starts after the first paint.
import '@fontsource-variable/inter';
import './styles/global.css';
import './styles/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { listenForInstall } from './app/install';
import { registerServiceWorker } from './bridge/sw-register';
import { afterFirstPaint } from './components/firstPaint';
import { activateLocale, chooseLocale, initialLocale } from './i18n/activate';

// Before anything is awaited: the browser may offer the install while the language loads.
listenForInstall();

async function boot() {
  const locale = await initialLocale();
  // `?lang=` is a choice: remember it; otherwise just activate.
  await (new URLSearchParams(location.search).has('lang') ? chooseLocale(locale) : activateLocale(locale));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The data worker starts once the first screen has painted (app/Root.tsx); the service worker registers then
  // too (its registration waits for the window's load event anyway): workbox-window is not on the first paint's path.
  void afterFirstPaint().then(registerServiceWorker);
}

void boot();
