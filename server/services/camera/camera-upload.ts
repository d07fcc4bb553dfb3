// Camera uploads (issue 28): `POST` or `PUT /data/camera/<Station key>`, the way IP cameras' "HTTP upload"
// setting sends a still image: the raw image as the body, or a multipart/form-data form with one file part.
// The type is told by the bytes (src/domain/camera.ts), never by the Content-Type alone; the body is read up to
// CAMERA_MAX_BYTES (413 beyond). Wrong keys are counted per client IP as the console uploads' are (30 a minute,
// then 429); a station's accepted images per station (a token bucket). Every answer is JSON, never the app.
import { BadRequest, FeathersError, NotAuthenticated, TooManyRequests } from '@feathersjs/errors';
import type { Middleware } from '@feathersjs/koa';
import {
  CAMERA_MAX_BYTES,
  multipartBoundary,
  multipartFile,
  sniffCameraImage,
} from '../../../src/domain/camera';
import type { Application } from '../../declarations';
import { RateLimiter, TokenBuckets } from '../../hooks/rate-limit';
import { storeCameraImage } from '../../storage/camera-images';

const PATH = /^\/data\/camera\/([^/]*)\/?$/;
/** Room for a multipart form's boundaries and part headers around the largest image. */
const FORM_OVERHEAD = 16 * 1024;

export class PayloadTooLarge extends FeathersError {
  constructor(message: string) {
    super(message, 'PayloadTooLarge', 413, 'payload-too-large', {});
  }
}

class UnsupportedMediaType extends FeathersError {
  constructor(message: string) {
    super(message, 'UnsupportedMediaType', 415, 'unsupported-media-type', {});
  }
}

const mebibytes = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`;

/** The body up to `limit` bytes; null when it is longer (the rest is not read). */
async function readLimited(req: AsyncIterable<unknown>, limit: number): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export interface CameraLimits {
  /** Images a station may send at once, then one per 1/perSecond seconds (cameras send every minute or so). */
  burst?: number;
  perSecond?: number;
  maxBytes?: number;
}

export function cameraUpload(app: Application, limits: CameraLimits = {}): Middleware {
  const maxBytes = limits.maxBytes ?? CAMERA_MAX_BYTES;
  const perStation = new TokenBuckets(limits.burst ?? 10, limits.perSecond ?? 0.1);
  const badAuth = new RateLimiter(30, 60_000);
  const tooLarge = () => new PayloadTooLarge(`The image is larger than ${mebibytes(maxBytes)}`);
  return async (ctx, next) => {
    const m = PATH.exec(ctx.path);
    if (!m) return next();
    if (ctx.method !== 'POST' && ctx.method !== 'PUT') {
      ctx.set('Allow', 'POST, PUT');
      // Not MethodNotAllowed: the error answer turns that into a 404 for GETs (app.ts, errors()).
      throw new FeathersError(
        'Upload the image with POST or PUT',
        'MethodNotAllowed',
        405,
        'method-not-allowed',
        {},
      );
    }
    let key = '';
    try {
      key = decodeURIComponent(m[1]);
    } catch {
      // not a key any station has
    }
    // A station key cannot be guessed (about 92 bits): it is always looked up, and others' wrong keys behind
    // the same address (a NAT) never block a camera that sends its valid one.
    const device = key && key.length <= 64 ? await app.ctx.devices.byStationKey(key) : null;
    if (!device) {
      if (!badAuth.allowed(ctx.ip))
        throw new TooManyRequests('Too many wrong station keys from this address', { retryAfter: 60 });
      badAuth.hit(ctx.ip);
      throw new NotAuthenticated('Unknown station key: use the key shown on the Weather Server page');
    }
    const declared = Number(ctx.get('content-length'));
    const boundary = multipartBoundary(ctx.get('content-type'));
    const limit = maxBytes + (boundary ? FORM_OVERHEAD : 0);
    if (declared > limit) throw tooLarge();
    if (!perStation.take(device._id))
      throw new TooManyRequests('More images than a station may send: at most one every 10 seconds', {
        retryAfter: 10,
      });
    const body = await readLimited(ctx.req, limit);
    if (body === null) throw tooLarge();
    let bytes = body;
    if (boundary) {
      const part = multipartFile(body, boundary);
      if (!part.ok) throw new BadRequest(part.error);
      bytes = part.bytes;
    } else if (/^\s*multipart\//i.test(ctx.get('content-type')))
      throw new BadRequest('The multipart Content-Type names no boundary');
    if (bytes.length === 0)
      throw new BadRequest('The body is empty: send the image as the body or as one multipart file');
    if (bytes.length > maxBytes) throw tooLarge();
    const type = sniffCameraImage(bytes);
    if (!type)
      throw new UnsupportedMediaType('Only JPEG, PNG or WebP images are accepted: the body is not one');
    const first = !device.cameraAt;
    const time = await storeCameraImage(app.ctx.storage.knex, device._id, { type, bytes });
    app.ctx.devices.forget(device._id);
    // The first image tells the owner's and shared users' open dashboards (the station record now has a camera,
    // so the card appears); later ones are found by the card itself, which asks for a newer image each minute.
    if (first) app.service('weatherDevices').emit('patched', { ...device, cameraAt: time });
    ctx.status = 200;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { device: device._id, time, type, size: bytes.length };
  };
}
