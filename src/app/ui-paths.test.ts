// @vitest-environment happy-dom
// The server's copy of the route list (src/domain/uiPaths.ts: deep links get the app) is the router's.
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isUiPath, UI_PATHS } from '../domain/uiPaths';
import { routes } from './routes';

/** Every path of the route tree, joined from its parents', the catch-all left out. */
function walk(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((r) => {
    const own = r.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${r.path.replace(/^\//, '')}`;
    const here = r.path !== undefined || r.index ? [own || '/'] : [];
    return [...here.filter((p) => !p.endsWith('*')), ...walk(r.children ?? [], own)];
  });
}

describe('UI_PATHS', () => {
  it('lists every route of the router, and nothing else', () => {
    expect([...new Set(walk(routes))].sort()).toEqual([...UI_PATHS].sort());
  });

  it('matches parameters, optional ones, and nothing past the catch-all', () => {
    for (const p of ['/admin/users', '/admin/users/edit', '/admin/users/edit/abc', '/records', '/records/x'])
      expect([p, isUiPath(p)]).toEqual([p, true]);
    for (const p of ['/subscription/payment', '/subscription/x/payment', '/devices/x/edit', '/dashboard/'])
      expect([p, isUiPath(p)]).toEqual([p, true]);
    for (const p of [
      '/users',
      '/admin/ingestHealth',
      '/devices/x',
      '/nope',
      '/assets/a.js',
      '/weatherMetrics/export',
    ])
      expect([p, isUiPath(p)]).toEqual([p, false]);
  });
});
