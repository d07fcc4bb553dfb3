// The pages a visit most often starts on, with the modules of their route parts (src/app/routes.tsx: the layout and
// the page), so the server can name their built files in index.html's Link header (server/page-preload.ts): the
// browser then fetches them beside the entry script instead of after it ran (issue 32: on a phone the dashboard's
// files were asked for ~0.5 s after the entry arrived). A module renamed without this list fails its test.
export const FIRST_PAINT_PAGES: Readonly<Record<string, readonly string[]>> = {
  '/': ['src/app/layouts/AppLayout.tsx', 'src/pages/dashboard/DashboardPage.tsx'],
  '/dashboard': ['src/app/layouts/AppLayout.tsx', 'src/pages/dashboard/DashboardPage.tsx'],
  '/login': ['src/pages/login/LoginPage.tsx'],
};
