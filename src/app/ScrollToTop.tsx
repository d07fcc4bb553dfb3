// Spec §2: a route change scrolls to the top (pathname changes only; query changes keep the position).
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each pathname change by design
  useEffect(() => {
    window.scrollTo(0, 0);
    document.getElementById('main')?.scrollTo?.(0, 0);
  }, [pathname]);
  return null;
}
