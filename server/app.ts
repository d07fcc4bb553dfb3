// The server: Feathers 5 on Koa with REST and socket.io on one port, the ingest endpoints, and the built PWA.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FeathersError, GeneralError, MethodNotAllowed, NotFound } from '@feathersjs/errors';
import { feathers } from '@feathersjs/feathers';
import { bodyParser, koa, rest, serveStatic } from '@feathersjs/koa';
import socketio from '@feathersjs/socketio';
import { isUiPath } from '../src/domain/uiPaths';
import { alerts } from './alerts';
import { authentication } from './auth/authentication';
import { catalogueFiles, catalogueLink } from './catalogue-preload';
import { forwardedIp } from './client-ip';
import { leader } from './cluster/leader';
import { msgpackBody } from './codec';
import { compressAnswers, isClosedConnection } from './compression';
import type { Config } from './config';
import type { Application } from './declarations';
import { healthRoutes } from './health';
import { tokenFromQuery } from './hooks/auth';
import { errorCodes } from './hooks/error-codes';
import { idempotency } from './hooks/idempotency';
import { redisCounters } from './hooks/rate-limit';
import {
  answerUnknownEvents,
  hideInternalErrors,
  propertyPaths,
  refusePropertyPaths,
} from './hooks/safe-calls';
import { authenticateFirst } from './hooks/verified';
import { CalibrationCache } from './ingest/calibrations';
import { Ingest } from './ingest/pipeline';
import { ingestRoute } from './ingest/route';
import { startIntegrations } from './integrations';
import { createLogger, type Logger, loggablePath } from './log';
import { createMailer } from './notify/mail';
import { pageFiles, pageLink } from './page-preload';
import { paymentProvider } from './payments';
import { paymentWebhook } from './payments/webhook';
import { busGap } from './realtime/bus-gap';
import { channels, SOCKET_ID } from './realtime/channels';
import { sessionEnds } from './realtime/session-ends';
import { redisSync } from './realtime/sync';
import { callContext, callUser, requestContext } from './request-context';
import { securityHeaders } from './security-headers';
import { admin } from './services/admin/admin';
import { applyAdminEmails } from './services/admin/admin-emails';
import { backfill } from './services/backfill/backfill';
import { camera } from './services/camera/camera';
import { cameraUpload } from './services/camera/camera-upload';
import { climate } from './services/climate/climate';
import { DeviceCache } from './services/devices/device-cache';
import { devices } from './services/devices/devices';
import { stationManifest } from './services/devices/station-manifest';
import { exportService } from './services/export/export';
import { files } from './services/files/files';
import { forecast } from './services/forecast/forecast';
import { imports } from './services/imports/imports';
import { metrics } from './services/metrics/metrics';
import { orders } from './services/orders/orders';
import { qcFlags } from './services/qc-flags/qc-flags';
import { records } from './services/records/records';
import { sampleCorrections } from './services/sample-corrections/sample-corrections';
import { shareInvitations } from './services/share-invitations/share-invitations';
import { stationGaps } from './services/station-gaps/station-gaps';
import { stationNeighbours } from './services/station-neighbours/station-neighbours';
import { stationRecalibrations } from './services/station-recalibrations/station-recalibrations';
import { stationSettings } from './services/station-settings/station-settings';
import { PlanGate } from './services/subscriptions/plan-gate';
import { subscriptions } from './services/subscriptions/subscriptions';
import { uploadTargets } from './services/upload-targets/upload-targets';
import { accounts } from './services/users/accounts';
import { FREE_PLAN } from './services/users/me.class';
import { users } from './services/users/users';
import { weatherMetrics } from './services/weather-metrics/weather-metrics';
import { weatherServer } from './services/weather-server/weather-server';
import { openStorage } from './storage/db';
import { migrate } from './storage/migrate';
import { startRetention } from './storage/retention';
import { sampleStore } from './storage/samples';

export interface Server {
  app: Application;
  ingest: Ingest;
  /** Listens on config.port (0 = any free port) and config.host (empty: every interface); resolves with the port. */
  listen(): Promise<number>;
  /** Where the server listens (null before listen). */
  address(): import('node:net').AddressInfo | null;
  close(): Promise<void>;
}

export async function createApp(config: Config): Promise<Server> {
  const log = createLogger({ level: config.logLevel, format: config.logFormat, write: config.logWrite });
  const storage = await openStorage(config.database);
  try {
    await migrate(storage.knex);
  } catch (error) {
    await storage.close();
    throw error;
  }
  await applyAdminEmails(storage.knex, config.adminEmails, (m) => log.info(m));
  const app = koa(feathers()) as unknown as Application;
  // Behind TRUST_PROXY hops, ctx.ip is the client the outermost trusted proxy saw (X-Forwarded-For); else the
  // socket address, and the header (anyone can send it) is ignored.
  Object.assign(app, { proxy: config.trustProxy > 0, maxIpsCount: config.trustProxy });
  app.ctx = {
    config,
    log,
    storage,
    samples: sampleStore(storage),
    devices: new DeviceCache(storage.knex),
    mailer: createMailer(config.smtpUrl, config.dataDir),
    counters: config.redisUrl
      ? await redisCounters(config.redisUrl, `${config.redisPrefix}:limit:`, log)
      : null,
    plans: new PlanGate(storage.knex),
    calibrations: new CalibrationCache(app),
    payments: paymentProvider(config),
    leader: leader(storage, deploymentOf(config)),
  };

  // Health checks first: nothing after them (limits, uploads-only, logging) sees a balancer's probes.
  app.use(
    healthRoutes(() => ({
      database: storage.knex,
      redis: config.redisUrl ? (ms) => app.ctx.counters?.ping?.(ms) ?? Promise.resolve(false) : undefined,
    })),
  );
  app.use(requestContext(log));
  app.use(securityHeaders(config));
  app.use(compressAnswers);
  app.use(errors(log));
  // Errors after the answer started (Koa's own handler printed their stacks): a client that closed the
  // connection mid-answer is no error; anything else is logged once, without internals to the client.
  app.on('error', (error: unknown, ctx?: import('@feathersjs/koa').FeathersKoaContext) => {
    if (isClosedConnection(error)) return;
    log.error(
      `${ctx?.method ?? ''} ${ctx ? loggablePath(ctx.path) : ''} failed while answering`.trim(),
      error,
    );
  });
  app.use(propertyPaths);
  app.use(async (ctx, next) => {
    ctx.feathers = { ...ctx.feathers, ip: ctx.ip } as typeof ctx.feathers;
    return next();
  });
  const ingest = new Ingest(app);
  // Camera stills (issue 28), ahead of the console uploads: /data/camera/<key> is no console's path.
  app.use(cameraUpload(app));
  // An API process answers stray uploads too (a 404 in the console's shape, never the app).
  app.use(
    ingestRoute(
      ingest,
      (error) => log.error('upload not stored', { reason: (error as Error)?.message ?? String(error) }),
      { acceptUploads: config.role !== 'api' },
    ),
  );
  if (config.role === 'ingest') app.use(uploadsOnly);
  app.use(headAsGet);
  const hasApp = !!config.staticDir && existsSync(join(config.staticDir, 'index.html'));
  // Deep links and reloads of the app's pages get the app, also where a service has the same path.
  if (hasApp) app.use(appNavigations(config.staticDir as string));
  // Forwarding, MQTT and the operators' /metrics (ahead of the API: /metrics is also the catalogue's path).
  const integrations = startIntegrations(app);
  if (integrations.route) app.use(integrations.route);
  // The provider's webhook reads its body as sent (the signature covers the bytes), so it comes before the parser.
  app.use(paymentWebhook(app));
  // A public station page's own web app manifest (kiosk install, issue #12).
  app.use(stationManifest(app));
  app.use(msgpackBody);
  app.use(bodyParser({ jsonLimit: '1mb', formLimit: '64kb', textLimit: '64kb' }));
  app.configure(rest());
  app.configure(
    socketio({ maxHttpBufferSize: 1e6, pingTimeout: 20000 }, (io) => {
      io.use((socket, next) => {
        if (config.role === 'ingest')
          return next(new Error('This process serves uploads only (ROLE=ingest)'));
        const connection = (socket as unknown as { feathers: Record<string | symbol, unknown> }).feathers;
        const { address, headers } = socket.handshake;
        connection.ip = forwardedIp(address, headers['x-forwarded-for'], config.trustProxy);
        Object.defineProperty(connection, SOCKET_ID, { value: socket.id });
        next();
      });
      io.on('connection', (socket) => {
        refusePropertyPaths(socket);
        answerUnknownEvents(socket);
      });
    }),
  );
  // Credentials first (from the query too), then replays of idempotent edits (matched to the caller).
  app.hooks({
    around: {
      all: [
        callContext,
        errorCodes,
        hideInternalErrors,
        tokenFromQuery,
        authenticateFirst,
        callUser,
        idempotency,
      ],
    },
  });
  // Several server processes share service events (live samples, device changes) through Redis.
  const sync = config.redisUrl ? redisSync(app, config.redisUrl, `${config.redisPrefix}:sync`) : null;

  app.configure(authentication);
  app.configure(users);
  app.configure(devices);
  app.configure(metrics);
  app.configure(weatherMetrics);
  app.configure(stationSettings);
  app.configure(accounts);
  app.configure(alerts);
  app.configure(forecast);
  app.configure(records);
  app.configure(climate);
  app.configure(camera);
  app.configure(files);
  app.configure(exportService);
  app.configure(imports);
  app.configure(backfill);
  app.configure(weatherServer);
  app.configure(stationGaps);
  app.configure(stationNeighbours);
  app.configure(stationRecalibrations);
  app.configure(qcFlags);
  app.configure(sampleCorrections);
  app.configure(subscriptions);
  app.configure(orders);
  app.configure(shareInvitations);
  app.configure(uploadTargets);
  app.configure(admin);
  app.configure(channels);
  const sessions = sessionEnds(app);
  // After a Redis outage: the sockets here get the live samples they missed, and sessions ended meanwhile end.
  const gap = busGap(app);
  sync?.onStatus((up) => {
    if (!up) return gap.down();
    void gap.back();
    void sessions.check();
    // Subscriptions are renewed as the client reconnects: a second pass catches what came in between.
    setTimeout(() => void gap.back(true), 2000).unref();
  });
  if (hasApp) staticFiles(app, config.staticDir as string);

  const stopRetention = startRetention(
    storage.knex,
    app.ctx.samples,
    app.ctx.leader,
    (e) => log.error('retention failed', e),
    { of: (d) => app.ctx.plans.storeDays(d), fallback: FREE_PLAN.dataLogStorePeriod },
  );
  let httpServer: import('node:http').Server | null = null;
  return {
    app,
    ingest,
    async listen() {
      await sync?.ready;
      const server = await (config.host ? app.listen(config.port, config.host) : app.listen(config.port));
      httpServer = server;
      // With a host the address is looked up first: the port is known once the server is listening.
      if (!server.listening)
        await new Promise<void>((resolve, reject) => {
          server.once('listening', resolve);
          server.once('error', reject);
        });
      const address = httpServer.address();
      return typeof address === 'object' && address ? address.port : config.port;
    },
    address() {
      const address = httpServer?.address();
      return typeof address === 'object' && address ? address : null;
    },
    async close() {
      stopRetention();
      sessions.close();
      await app.teardown();
      await integrations.close();
      await sync?.close();
      await app.ctx.leader.release();
      await app.ctx.counters?.close().catch(() => {});
      // What uploads answered already left to write (sample sources, unmapped fields, relay status).
      await ingest.settled();
      await app.ctx.samples.flush();
      httpServer = null;
      await storage.close();
    },
  };
}

/** Names this deployment's cluster locks apart from others on the same database (its schema). */
function deploymentOf(config: Config): string {
  return config.database.startsWith('postgres')
    ? (new URL(config.database).searchParams.get('schema') ?? 'public')
    : 'sqlite';
}

/**
 * HEAD is answered as GET without the body (pages, assets, API reads): monitors and link checkers use it. Past
 * the upload endpoints only, where HEAD never stores anything. Koa leaves the body out once the method is HEAD
 * again, keeping its Content-Length.
 */
async function headAsGet(ctx: import('@feathersjs/koa').FeathersKoaContext, next: () => Promise<unknown>) {
  if (ctx.method !== 'HEAD') return next();
  ctx.method = 'GET';
  try {
    await next();
  } finally {
    ctx.method = 'HEAD';
  }
}

/** ROLE=ingest: past the upload endpoints there is nothing here (the cluster's HAProxy sends the rest elsewhere). */
async function uploadsOnly(ctx: import('@feathersjs/koa').FeathersKoaContext): Promise<void> {
  ctx.status = 404;
  ctx.body = {
    name: 'NotFound',
    message: 'This process serves uploads only (ROLE=ingest)',
    code: 404,
    className: 'not-found',
  };
}

/** Errors as Feathers JSON; anything unexpected is logged and answered without internals. */
function errors(log: Logger) {
  return async (ctx: import('@feathersjs/koa').FeathersKoaContext, next: () => Promise<unknown>) => {
    try {
      await next();
      if (ctx.body === undefined && ctx.status === 404) {
        ctx.status = 404;
        ctx.body = {
          name: 'NotFound',
          message: `Path ${ctx.path} not found`,
          code: 404,
          className: 'not-found',
        };
      }
    } catch (error) {
      const e = error as { status?: number; statusCode?: number; message?: string; expose?: boolean };
      let fe: FeathersError;
      // GET /config/anything: no such resource (a 404), rather than "get is not allowed" (405).
      if (error instanceof MethodNotAllowed && ctx.method === 'GET')
        fe = new NotFound(`Path ${ctx.path} not found`);
      else if (error instanceof FeathersError) fe = error;
      else if ((e.status ?? e.statusCode ?? 500) < 500) {
        // Body parser and similar client errors (malformed JSON, too large).
        fe = new FeathersError(
          e.message ?? 'Bad request',
          'BadRequest',
          e.status ?? e.statusCode ?? 400,
          'bad-request',
          {},
        );
      } else {
        log.error(`${ctx.method} ${loggablePath(ctx.path)} failed`, error);
        fe = new GeneralError('Internal error');
      }
      ctx.status = fe.code;
      // A refusal that says when to come back (429 limits): data.retryAfter seconds.
      const retryAfter = (fe.data as { retryAfter?: unknown } | undefined)?.retryAfter;
      if (typeof retryAfter === 'number') ctx.set('Retry-After', String(retryAfter));
      ctx.body = fe.toJSON();
    }
  };
}

/**
 * A browser navigation (it prefers HTML to JSON) to one of the app's routes gets index.html before any service
 * sees it: /admin/users is both the admin page and the admin API, and a reload there answered the API's 401 JSON.
 * API clients ask for JSON (or for any type, which picks JSON) and still reach the service.
 */
function appNavigations(dir: string) {
  return async (ctx: import('@feathersjs/koa').FeathersKoaContext, next: () => Promise<unknown>) => {
    if (ctx.method !== 'GET' || !isUiPath(ctx.path) || ctx.accepts('json', 'html') !== 'html') return next();
    answerIndex(ctx, dir);
  };
}

/** The build's catalogue and page files, read again when index.html changes (a new build deployed under the server). */
interface BuildFiles {
  mtimeMs: number;
  catalogues: ReturnType<typeof catalogueFiles>;
  pages: ReturnType<typeof pageFiles>;
}
const builds = new Map<string, BuildFiles>();
function buildFilesOf(dir: string, mtimeMs: number): BuildFiles {
  let entry = builds.get(dir);
  if (entry?.mtimeMs !== mtimeMs) {
    entry = { mtimeMs, catalogues: catalogueFiles(dir), pages: pageFiles(dir) };
    builds.set(dir, entry);
  }
  return entry;
}

/** A validator from the file's size and modification time (what koa-send's Last-Modified also rests on). */
function weakTag(stats: { size: number; mtimeMs: number }): string {
  return `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
}

/**
 * index.html, revalidated: an update check or a reload that finds the same build gets a 304 and no body
 * (issue 32: each check downloaded the unhashed files again).
 */
function answerIndex(ctx: import('koa').Context, dir: string): void {
  const path = join(dir, 'index.html');
  const stats = statSync(path);
  ctx.status = 200;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-cache');
  // Hints, the same body: no Vary (a shared cache's wrong guess only preloads another catalogue).
  const build = buildFilesOf(dir, stats.mtimeMs);
  const link = [
    catalogueLink(build.catalogues, ctx.query.lang as string | undefined, ctx.headers, ctx.path),
    ...pageLink(build.pages, ctx.path),
  ].filter((l) => l);
  if (link.length) ctx.set('Link', link.join(', '));
  ctx.set('ETag', weakTag(stats));
  ctx.set('Last-Modified', stats.mtime.toUTCString());
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = readFileSync(path);
}

/** The last segment has a file extension (`/sitemap.xml`, `/main.js`): a file, never one of the app's pages. */
function looksLikeFile(path: string): boolean {
  return /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1)) && !isUiPath(path);
}

/**
 * The built PWA: hashed assets cached for a year, the service worker and index never (but revalidated to a 304),
 * app routes → index; a missing file (any path with an extension) is a 404.
 */
function staticFiles(app: Application, dir: string): void {
  // koa-send sets Last-Modified and our ETag; a matching revalidation becomes a 304 without a body.
  app.use(async (ctx, next) => {
    await next();
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.status === 200 && ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
    }
  });
  app.use(
    serveStatic(dir, {
      index: false,
      setHeaders(res, path, stats) {
        if (/\/assets\//.test(path)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
        // The .br/.gz copy or the file itself, by Accept-Encoding: caches keep them apart (and so do the tags,
        // each copy having its own size).
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('ETag', weakTag(stats));
      },
    }),
  );
  app.use(async (ctx, next) => {
    await next();
    // A missing file stays a 404: an old page's chunk after an upgrade must fail as a chunk, not parse HTML (so
    // the chunk-reload guard works), and /sitemap.xml or /favicon.ico must not look like pages to crawlers.
    if (ctx.body !== undefined || ctx.method !== 'GET' || !ctx.accepts('html') || looksLikeFile(ctx.path))
      return;
    answerIndex(ctx, dir);
  });
}
