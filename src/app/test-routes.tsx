// Tests: the app's routes in a memory router (routes.test.tsx, station-route.test.tsx). `where.location` is where
// the router is now (a redirect's target included).
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';

const where = { location: undefined as unknown as Location };

function Where() {
  where.location = useLocation();
  return null;
}

/** Renders `AppRoutes` (imported by the test after its mocks) at `path`. */
export function openRoutes(AppRoutes: ComponentType, path: string): { state: typeof where } {
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Where />
      </MemoryRouter>
    </I18nProvider>,
  );
  return { state: where };
}
