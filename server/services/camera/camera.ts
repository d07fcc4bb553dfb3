// weatherDevices/camera (issue 28), for whoever may read the station (its samples' rule: owner, shared users,
// visitors of a public or unlisted station, admins; a paid type needs its plan):
//   find {device}                 → the newest image's bytes, with its type and cache validators
//   find {device, time}           → the newest image at or before `time` (unix ms or ISO 8601 with a zone)
//   find {device, list: YYYY-MM-DD} → {device, day, timeZone, times}: that station-local day's image times (ms)
// and the upload endpoint, POST/PUT /data/camera/<Station key> (camera-upload.ts).
import { BadRequest, NotFound } from '@feathersjs/errors';
import type { HookContext, Params } from '@feathersjs/feathers';
import type { Middleware } from '@feathersjs/koa';
import { cameraDaySpan, parseCameraDay, parseCameraTime } from '../../../src/domain/camera';
import type { CameraDay } from '../../../src/domain/contract';
import type { Application, AuthUser } from '../../declarations';
import { optionalAuth } from '../../hooks/auth';
import { cameraImageAt, cameraTimes } from '../../storage/camera-images';

const KNOWN = new Set(['device', 'time', 'list']);

type P = Params & { user?: AuthUser; cameraImage?: { id: number; time: number; type: string; at: boolean } };

export class CameraService {
  constructor(private app: Application) {}

  async find(params: P): Promise<Buffer | CameraDay> {
    const query = (params.query ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(query).filter((k) => !KNOWN.has(k));
    if (unknown.length > 0)
      throw new BadRequest(`Unknown query parameter ${unknown[0]}: use device, time or list`, {
        field: unknown[0],
      });
    for (const k of KNOWN)
      if (query[k] !== undefined && typeof query[k] !== 'string')
        throw new BadRequest(`${k} must be given once, as text`, { field: k });
    if (query.device === undefined || query.device === '')
      throw new BadRequest('device is required (the station _id)', { field: 'device' });
    if (query.time !== undefined && query.list !== undefined)
      throw new BadRequest('Ask for one image (time) or one day (list), not both', { field: 'list' });
    let at: number | undefined;
    if (query.time !== undefined) {
      const parsed = parseCameraTime(query.time as string);
      if (parsed === null)
        throw new BadRequest('time must be unix milliseconds or an ISO 8601 time with its zone', {
          field: 'time',
        });
      at = parsed;
    }
    const day = query.list === undefined ? undefined : parseCameraDay(query.list as string);
    if (day === null) throw new BadRequest('list must be a day as YYYY-MM-DD', { field: 'list' });
    const device = await this.app.service('weatherDevices').readableData(query.device, params.user);
    const knex = this.app.ctx.storage.knex;
    const timeZone = device.timezone || 'UTC';
    if (day) {
      const [from, to] = cameraDaySpan(day, timeZone);
      return {
        device: device._id,
        day: query.list as string,
        timeZone,
        times: await cameraTimes(knex, device._id, from, to),
      };
    }
    const image = await cameraImageAt(knex, device._id, at);
    if (!image)
      throw new NotFound(
        at === undefined
          ? 'This station has no camera image yet'
          : 'This station has no camera image at or before that time',
      );
    params.cameraImage = { id: image.id, time: image.time, type: image.type, at: at !== undefined };
    return image.bytes;
  }
}

/**
 * The image's headers (REST): its type, its time, and validators. The newest image is revalidated each time
 * (a new one may have come); an image asked for by time stays that image, so it is cached for a day. Private:
 * what a caller may see depends on who they are.
 */
function imageHeaders(context: HookContext): void {
  const image = (context.params as P).cameraImage;
  if (!image) return;
  context.http = {
    ...context.http,
    headers: {
      ...(context.http?.headers ?? {}),
      'Content-Type': image.type,
      'Cache-Control': image.at ? 'private, max-age=86400' : 'private, no-cache',
      ETag: `"camera-${image.id}"`,
      'Last-Modified': new Date(image.time).toUTCString(),
      'X-Camera-Time': String(image.time),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
    },
  };
}

/** A revalidation that finds the same image (If-None-Match names its tag) gets a 304 without the bytes. */
const notModified: Middleware = async (ctx, next) => {
  await next();
  const tag = ctx.response.get('ETag');
  const asked = ctx.get('if-none-match');
  if (ctx.status === 200 && Buffer.isBuffer(ctx.body) && tag && asked.split(/\s*,\s*/).includes(tag)) {
    ctx.status = 304;
    ctx.body = null;
  }
};

export function camera(app: Application): void {
  app.use('weatherDevices/camera', new CameraService(app), {
    methods: ['find'],
    koa: { after: [notModified] },
  });
  app
    .service('weatherDevices/camera')
    .hooks({ before: { find: [optionalAuth] }, after: { find: [imageHeaders] } });
}
