// The public station page installed as a kiosk display (issue #12): GET /manifests/station/<Station ID>
// .webmanifest is a web app manifest whose start is that station's page in the kiosk layout, fullscreen. The
// page links it while it is open, so "Install" on it installs the station, not the owner's dashboard. Only
// stations anyone may open (Everyone, Not Show) have one; a Nobody or unknown ID is 'Device not found'.
import type { FeathersKoaContext } from '@feathersjs/koa';
import type { Application } from '../../declarations';

const PATH = /^\/manifests\/station\/([A-Za-z0-9]{1,32})\.webmanifest$/;

export function stationManifest(app: Application) {
  return async (ctx: FeathersKoaContext, next: () => Promise<unknown>) => {
    const m = PATH.exec(ctx.path);
    if (!m || ctx.method !== 'GET') return next();
    const device = await app.ctx.devices.byStationId(m[1]);
    if (!device || (device.shareMode !== 'public' && device.shareMode !== 'unlist')) {
      ctx.status = 404;
      ctx.body = { name: 'NotFound', message: 'Device not found', code: 404, className: 'not-found' };
      return;
    }
    const page = `/station/${encodeURIComponent(device.wsid)}`;
    ctx.type = 'application/manifest+json';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = {
      id: page,
      name: device.name,
      short_name: device.name.slice(0, 24),
      description: 'Live weather station display',
      start_url: `${page}?kiosk=1`,
      scope: '/',
      display: 'fullscreen',
      display_override: ['fullscreen', 'standalone'],
      theme_color: '#0f6bdc',
      background_color: '#f5f7fa',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    };
  };
}
