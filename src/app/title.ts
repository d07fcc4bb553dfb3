// Page titles: each route's handle names it; a page may replace it (the dashboard shows the station name).
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useUi } from '../state/ui';
import { useRouteHandle } from './handle';

/** The translated title of the current route. */
export function useRouteTitle(): string {
  const { i18n } = useLingui();
  const { title } = useRouteHandle();
  return title ? i18n._(title) : '';
}

/** A page's own title for the top bar, while it is shown. */
export function usePageTitle(title: string | null | undefined): void {
  const setTitle = useUi((s) => s.setTitle);
  useEffect(() => {
    if (!title) return;
    setTitle(title);
    return () => setTitle('');
  }, [title, setTitle]);
}

/** Keeps document.title in step with what the top bar shows. */
export function useDocumentTitle(shown: string): void {
  const { t } = useLingui();
  const app = t`Weather Portal`;
  useEffect(() => {
    document.title = shown ? `${shown} · ${app}` : app;
  }, [shown, app]);
}
