// The installed app's web app manifest (vite-plugin-pwa writes it as manifest.webmanifest). Issue 32's gaps: a
// stable `id` (the start_url Chromium derived it from before, so installed apps keep their identity), shortcuts,
// a maskable icon at 192 px too, a theme colour matching the white app bar (src/styles/tokens.css --surface and
// index.html's theme-color), screenshots for the install dialog, and launch_handler so opening the app again focuses the open window.
// Static text, read by the browser's installer: English only (a manifest has no per-user language).

export const THEME_COLOR = '#ffffff';

export const webManifest = {
  id: '/dashboard',
  name: 'Weather Portal',
  short_name: 'Weather',
  description: 'Your weather stations, live and offline',
  theme_color: THEME_COLOR,
  background_color: '#f5f7fa',
  display: 'standalone' as const,
  start_url: '/dashboard',
  scope: '/',
  launch_handler: { client_mode: ['navigate-existing' as const, 'auto' as const] },
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    // The artwork keeps inside the maskable safe zone (the centre 80 %), so the same files serve both purposes.
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  // The richer install dialog: the demo station's dashboard, wide and narrow (not precached: only the installer
  // shows them).
  screenshots: [
    {
      src: '/screenshots/dashboard-wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide' as const,
      label: 'The dashboard of a station, live',
    },
    {
      src: '/screenshots/dashboard-narrow.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow' as const,
      label: 'The dashboard on a phone',
    },
  ],
  shortcuts: [
    { name: 'Dashboard', url: '/dashboard', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    { name: 'Stations', url: '/devices', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    { name: 'Alerts', url: '/alert', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
  ],
};
