// A card's graph and wind rose, loaded when a card's details first show them (issue 21's bundle budget: they are
// not on the dashboard's first paint unless a card was left open, and then they follow it). The fallback keeps
// the graph's height, so the card does not grow when the code arrives.
import { type ComponentProps, lazy, Suspense } from 'react';
import graphStyles from '../charts/GraphPanel.module.css';

const LazyGraphPanel = lazy(() => import('../charts/GraphPanel').then((m) => ({ default: m.GraphPanel })));
const LazyWindRosePanel = lazy(() => import('./WindRose').then((m) => ({ default: m.WindRosePanel })));

const Place = () => (
  <div className={graphStyles.panel} aria-busy="true">
    <div className={graphStyles.area} />
  </div>
);

export function GraphPanel(props: ComponentProps<typeof LazyGraphPanel>) {
  return (
    <Suspense fallback={<Place />}>
      <LazyGraphPanel {...props} />
    </Suspense>
  );
}

export function WindRosePanel(props: ComponentProps<typeof LazyWindRosePanel>) {
  return (
    <Suspense fallback={<Place />}>
      <LazyWindRosePanel {...props} />
    </Suspense>
  );
}
