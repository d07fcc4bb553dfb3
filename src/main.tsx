// Boot: start the data worker (connection + sync), pick the language, render, then register the service worker.
import '@fontsource-variable/inter';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from './api/sw-register';
import { startDataWorker } from './api/worker';
import { App } from './app/App';
import { activateLocale, chooseLocale, initialLocale } from './i18n/activate';

async function boot() {
  // Not awaited: the UI renders from Dexie meanwhile. A failed start is logged in api/worker.ts (which holds
  // this same promise, so it is not an unhandled rejection); the UI then shows offline.
  void startDataWorker();
  const locale = await initialLocale();
  // `?lang=` is a choice: remember it; otherwise just activate.
  await (new URLSearchParams(location.search).has('lang') ? chooseLocale(locale) : activateLocale(locale));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void registerServiceWorker();
}

void boot();
