// One path for every protocol: find the station, check its key, clean and complete the values, store them
// with their rollups in one transaction, publish them live. A bad value drops that value, never the upload.
import { timingSafeEqual } from 'node:crypto';
import { calibrateInto, keepUnderived } from '../../src/domain/calibration';
import { deriveInto } from '../../src/domain/formulas';
import { METRICS_HASH } from '../../src/domain/hash';
import { dropDerivedOf } from '../../src/domain/qc';
import { cleanInto } from '../../src/domain/validate';
import type { Application } from '../declarations';
import { RateLimiter, TokenBuckets } from '../hooks/rate-limit';
import { LateReadings } from '../integrations/forward/catch-up';
import { hasWatchers } from '../realtime/device-channels';
import type { DeviceRow } from '../services/devices/device-record';
import { passkeyFor } from '../services/devices/devices.class';
import type { UploadNote } from '../services/ingest-health/recorder';
import { writeStationRelay } from '../services/weather-server/station-relay';
import { primaryRow } from '../storage/buckets';
import { SourceLedger } from '../storage/sources';
import { ClimateTodayDeriver } from './climate-today';
import {
  EARLIEST_PLAUSIBLE,
  type Fields,
  outcomeOf,
  PROTOCOLS,
  replyFor,
  UploadError,
  type UploadProtocol,
  type UploadReply,
} from './parsers';
import { type Failed, QualityControl } from './qc';
import type { RelayNote } from './relayed';

/** The station an upload names, for the admin's list of rejections: a station ID, never a key or a MAC hash. */
export function namedStation(protocol: UploadProtocol, params: Fields, pathKey?: string): string | null {
  const { identity } = PROTOCOLS[protocol];
  if (identity.by === 'id') return params.get(identity.id) ?? null;
  if (pathKey !== undefined) return 'path key';
  return identity.by === 'passkey' ? identity.key : 'station key';
}

/** The values a console sent that were out of their metric's range (and dropped), as `key=value`. */
function outOfRange(sent: Record<string, number | null>, kept: Record<string, number | null>): Failed[] {
  const dropped: Failed[] = [];
  for (const key in sent) {
    const value = sent[key];
    if (value !== null && key in kept && kept[key] === null && value !== -9999)
      dropped.push({ key, value, reason: 'limit' });
  }
  return dropped;
}

/** A relayed upload received this many seconds ago or more comes from the relay's queue (its backlog). */
const RELAY_BACKLOG_AGE = 60;
/** How much faster a relay's backlog may be sent than a station's live uploads. */
const RELAY_BACKLOG_RATE = 10;

/** A reading this many seconds old when it arrives is late (its targets may have sent newer ones). */
const LATE_AFTER = 300;

/** How far ahead of the server clock a console's timestamp may be before we use the server time. */
const MAX_CLOCK_AHEAD = 300;

function sameKey(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class Ingest {
  /** Accepted uploads per station: only a valid key spends them, so no one else can use them up. */
  private perStation: TokenBuckets;
  /**
   * A relay's backlog (uploads it received over a minute ago, sent from its queue after an outage) spends its
   * own tokens, refilled RELAY_BACKLOG_RATE times faster: the backlog is sent sooner and never takes the tokens
   * of the station's live uploads. A key is still needed, so only the station's owner can use them.
   */
  private backlog: TokenBuckets;
  /** Wrong credentials per client IP (behind proxies: TRUST_PROXY, see config.ts). */
  private badAuth = new RateLimiter(30, 60_000);
  /** Notes written after the reply (unmapped fields, relay status), awaited by settled(). */
  private notes = new Set<Promise<void>>();
  /** ET₀ and degree days of the day so far (issue 26). */
  private climateToday: ClimateTodayDeriver;
  /** Late readings noted for the networks that take past readings (issue 27). */
  private late: LateReadings;
  /** Values quality control leaves out (issue 24). */
  private qc: QualityControl;
  /** Where stored samples came from (issue 24): a row when a station's protocol changes. */
  private sources: SourceLedger;

  constructor(private app: Application) {
    const { ingestBurst, ingestPerSecond } = app.ctx.config;
    this.perStation = new TokenBuckets(ingestBurst, ingestPerSecond);
    this.backlog = new TokenBuckets(ingestBurst, ingestPerSecond * RELAY_BACKLOG_RATE);
    this.climateToday = new ClimateTodayDeriver(app);
    this.late = new LateReadings(app);
    this.qc = new QualityControl(app);
    this.sources = new SourceLedger(app.ctx.storage.knex);
  }

  /**
   * `pathKey`: the station key the request carries outside its fields (an Ecowitt or Windy path, a bearer
   * token), which names the station. `relay`: a home relay sent it on (relayed.ts).
   */
  async accept(
    protocol: UploadProtocol,
    params: Fields,
    ip: string,
    pathKey?: string,
    relay?: RelayNote,
  ): Promise<UploadReply> {
    // Every answer is counted once, by ingest health (the admin page and portal_uploads_total), and timed for
    // the operators' latency histogram (/metrics).
    const started = performance.now();
    const note: UploadNote = {};
    let status = 500;
    try {
      const reply = await this.answer(protocol, params, ip, pathKey, note, relay);
      status = reply.status;
      return reply;
    } finally {
      this.app.ctx.ingestHealth?.upload(protocol, status, note);
      this.app.ctx.metrics?.upload(protocol, (performance.now() - started) / 1000);
    }
  }

  /**
   * An upload-shaped request at a path that is no upload endpoint: a 404 in `protocol`'s shape, counted like
   * every answer (the admin sees which station sends where).
   */
  stray(protocol: UploadProtocol, params: Fields, path: string): UploadReply {
    const reply = replyFor(protocol, 'notFound');
    this.app.ctx.ingestHealth?.upload(protocol, reply.status, {
      reason: 'malformed',
      station: namedStation(protocol, params)?.slice(0, 32) ?? null,
      detail: `No upload endpoint at ${path.slice(0, 100)}`,
    });
    return reply;
  }

  /** An upload refused before it was read (its body is over `max` bytes): counted like every answer. */
  tooLarge(protocol: UploadProtocol, max: number): void {
    this.app.ctx.ingestHealth?.upload(protocol, 413, {
      reason: 'tooLarge',
      detail: `More than ${max} bytes`,
    });
  }

  private async answer(
    protocol: UploadProtocol,
    params: Fields,
    ip: string,
    pathKey: string | undefined,
    note: UploadNote,
    relay: RelayNote | undefined,
  ) {
    try {
      // A MAC can be guessed (about 24 bits once the vendor's prefix is known): an IP past its failures is
      // refused before the lookup. A station key cannot (about 92 bits), so it is always checked: failures of
      // others behind the same address (a proxy, a NAT) never block a station that sends its valid key.
      note.station = namedStation(protocol, params, pathKey);
      const byMac = PROTOCOLS[protocol].identity.by === 'passkey' && pathKey === undefined;
      if (byMac && !this.badAuth.allowed(ip)) {
        note.reason = 'rateLimited';
        note.detail = 'Too many wrong keys from this address';
        return replyFor(protocol, 'tooMany');
      }
      const device = await this.station(protocol, params, pathKey);
      if (!device) return this.refused(protocol, ip, note, 'Unknown station');
      note.device = device._id;
      note.station = device.wsid;
      const now = Math.floor(Date.now() / 1000);
      // Relayed from a queue: a reading without the console's own time is as old as the relay's receipt.
      const received = relay?.received ?? 0;
      const readAt = received >= EARLIEST_PLAUSIBLE && received <= now + MAX_CLOCK_AHEAD ? received : now;
      const parsed = PROTOCOLS[protocol].parse(params, readAt, { timeZone: device.timezone });
      if (parsed.stationKey !== null && !sameKey(parsed.stationKey, device.stationKey))
        return this.refused(protocol, ip, note, 'Wrong station key');
      const fromQueue = readAt < now - RELAY_BACKLOG_AGE;
      if (!(fromQueue ? this.backlog : this.perStation).take(device._id)) {
        note.reason = 'rateLimited';
        note.detail = 'More uploads than the station may send';
        return replyFor(protocol, 'tooMany');
      }
      const time = parsed.time > now + MAX_CLOCK_AHEAD ? now : parsed.time;
      const sent = { ...parsed.values };
      const raw = calibrateInto(parsed.values, await this.app.ctx.calibrations.effective(device._id), time);
      const cleaned = cleanInto(parsed.values);
      const dropped = outOfRange(sent, cleaned);
      if (dropped.length > 0) {
        note.reason = 'outOfRange';
        note.detail = dropped.map((d) => `${d.key}=${d.value}`).join(', ');
      }
      // Quality control before deriving: a dew point is not computed from a spiking temperature.
      const failed = await this.qc.judge(device._id, time, cleaned);
      if (raw && failed.length > 0) dropDerivedOf(raw, failed);
      // The station's place gives the sun's position for an estimated WBGT.
      const values = deriveInto(cleaned, {
        time,
        latitude: device.latitude,
        longitude: device.longitude,
      });
      keepUnderived(values, raw);
      await this.climateToday.addTo(device, time, values);
      const stored = await this.store(device, time, values);
      if (stored) {
        const noted = this.sources.note(device._id, time, protocol);
        if (noted) this.track(noted, 'sample source not saved');
      }
      // Kept with their reason for the owner's Data quality page (a retransmission was flagged the first time).
      const flags = stored
        ? this.qc.rows(device._id, time, [...this.qc.notable(device._id, time, dropped), ...failed])
        : [];
      if (flags.length > 0)
        this.track(this.app.ctx.storage.knex('qcFlags').insert(flags), 'quality flags not saved');
      // A reading older than a 5-minute bucket (a relay's backlog, a console's own late time) goes on to the
      // networks that take past readings, after the newer ones they were sent (issue 27).
      if (stored && time < now - LATE_AFTER)
        this.track(this.late.note(device._id, time - (time % 300)), 'late reading not noted');
      this.noteUnmapped(device, parsed.unmapped);
      if (relay) this.noteRelay(device, relay, now);
      return replyFor(protocol, 'ok');
    } catch (error) {
      if (error instanceof UploadError) {
        note.reason = outcomeOf(error.status) === 'tooMany' ? 'rateLimited' : 'malformed';
        note.detail = error.message;
        return replyFor(protocol, outcomeOf(error.status), error.message);
      }
      throw error;
    }
  }

  /** Wrong credentials: unauthorized, or "too many" once this IP sent 30 in a minute (a console: back off). */
  private refused(protocol: UploadProtocol, ip: string, note: UploadNote, detail: string): UploadReply {
    const limited = !this.badAuth.allowed(ip);
    note.reason = limited ? 'rateLimited' : 'badKey';
    note.detail = limited ? `${detail}; too many wrong keys from this address` : detail;
    this.badAuth.hit(ip);
    return replyFor(protocol, limited ? 'tooMany' : 'unauthorized');
  }

  private async station(
    protocol: UploadProtocol,
    params: Fields,
    pathKey?: string,
  ): Promise<DeviceRow | null> {
    const { devices } = this.app.ctx;
    // The key in the path names the station, whatever the fields say.
    if (pathKey !== undefined) return pathKey.length > 64 ? null : devices.byStationKey(pathKey);
    const { identity } = PROTOCOLS[protocol];
    if (identity.by === 'key') {
      const key = params.get(identity.key);
      if (!key) throw new UploadError(400, `${identity.key} is required`);
      return key.length > 64 ? null : devices.byStationKey(key);
    }
    if (identity.by === 'passkey') {
      const passkey = params.get(identity.key);
      if (!passkey) throw new UploadError(400, `${identity.key} is required`);
      // Only stations that opted in (macAuth) are found. Ecowitt sends MD5(MAC); Ambient sends the MAC itself.
      const byMac = /^([0-9a-f]{2}[:-]){5}[0-9a-f]{2}$/i.test(passkey)
        ? passkeyFor(passkey.replace(/-/g, ':'))
        : null;
      return (await devices.byEcowittKey(passkey)) ?? (byMac ? await devices.byEcowittKey(byMac) : null);
    }
    const id = params.get(identity.id);
    if (!id) throw new UploadError(400, `Missing ${identity.id} or ${identity.key}`);
    return id.length > 32 ? null : devices.byStationId(id);
  }

  /** Stores the upload and its rollups, then publishes the sample and the 5-minute bucket to watchers. */
  async store(device: DeviceRow, time: number, values: Record<string, number | null>): Promise<boolean> {
    const { stored, fiveMinute } = await this.app.ctx.samples.write(device, time, values);
    if (!stored) return false;
    this.app.ctx.devices.touch(device._id, time);
    // A paid device type without an active plan is stored (a plan bought later shows it) but goes nowhere else.
    if (!(await this.app.ctx.plans.allows(device))) return true;
    // Alerts are evaluated after the reply (serially per station); the console need not wait for them.
    void this.app.ctx.alerts?.onSample(device, time, values);
    // MQTT (MQTT_URL): the sample in SI units to `<prefix>/<Station ID>/state`, never waited for.
    this.app.ctx.mqtt?.publish(device, time, values);
    // Events are built only when someone can receive them (watchers here, or other processes via sync).
    if (!this.app.ctx.config.redisUrl && !hasWatchers(this.app, device._id)) return true;
    const sample: Record<string, number | string | null> = { device: device._id, time, hash: METRICS_HASH };
    for (const key in values) if (values[key] !== null) sample[key] = values[key];
    this.app.service('weatherMetrics').emit('created', sample);
    const five = primaryRow(fiveMinute.time, fiveMinute.aggs);
    this.app.service('weatherMetrics/5m').emit('created', { ...five, device: device._id });
    return true;
  }

  /** Remembers fields a console sends that we do not map, so the owner can see them (weather server view). */
  private noteUnmapped(device: DeviceRow, unmapped: Record<string, string>): void {
    const fresh = Object.keys(unmapped).filter((k) => !(k in device.unmapped));
    if (fresh.length === 0 || Object.keys(device.unmapped).length >= 100) return;
    for (const k of fresh.slice(0, 100)) device.unmapped[k] = unmapped[k].slice(0, 64);
    this.track(
      this.app.ctx.storage
        .knex('weatherDevices')
        .where({ _id: device._id })
        .update({ unmapped: JSON.stringify(device.unmapped) }),
      'unmapped fields not saved',
    );
  }

  /**
   * Remembers that `device`'s upload came through a relay (the Weather Server page shows it): a resend the
   * samples already held counts too, the relay was seen.
   */
  private noteRelay(device: DeviceRow, relay: RelayNote, now: number): void {
    this.track(
      writeStationRelay(this.app.ctx.storage.knex, device._id, relay, now),
      'relay status not saved',
    );
  }

  /** Not awaited (the console's answer never waits for it); settled() lets readers and shutdown wait. */
  private track(work: PromiseLike<unknown>, failure: string): void {
    const write: Promise<void> = Promise.resolve(work)
      .then(
        () => undefined,
        (error: unknown) => this.app.ctx.log.error(failure, error),
      )
      .finally(() => this.notes.delete(write));
    this.notes.add(write);
  }

  /** Resolves once the unmapped-field notes written so far are stored. */
  async settled(): Promise<void> {
    await Promise.all([...this.notes]);
  }
}
