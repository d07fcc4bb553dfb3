// The theme on <html data-theme> (the shell sets it from the preference, and at night in kiosk mode): canvases
// that resolve colours once (the graphs) redraw when it changes.
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

export function useDocumentTheme(): string {
  return useSyncExternalStore(
    subscribe,
    () => document.documentElement.dataset.theme ?? 'light',
    () => 'light',
  );
}
