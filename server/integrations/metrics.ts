// GET /metrics for operators (Prometheus text format), only with `Authorization: Bearer <METRICS_TOKEN>`; without
// the variable it is not served. One registry per server (tests run several in one process).
import { timingSafeEqual } from 'node:crypto';
import type { Middleware } from '@feathersjs/koa';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { PoolStats } from '../storage/pool-stats';

export interface MetricsSources {
  /** Open socket.io connections. */
  sockets(): number;
  /** Forwarder: targets due with a sample waiting. */
  queueDepth(): number;
  /** Database pool (null when the driver has no pool to report). */
  pool(): PoolStats | null;
}

export class PortalMetrics {
  readonly registry = new Registry();
  private uploads = new Counter({
    name: 'portal_uploads_total',
    help: 'Station uploads answered, by protocol and result',
    labelNames: ['protocol', 'result'] as const,
    registers: [this.registry],
  });
  private ingest = new Histogram({
    name: 'portal_ingest_duration_seconds',
    help: 'Time from an upload request to its answer',
    labelNames: ['protocol'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  private fanout = new Counter({
    name: 'portal_events_published_total',
    help: 'Service events sent to connections (one per receiving connection)',
    labelNames: ['service', 'event'] as const,
    registers: [this.registry],
  });
  private forwards = new Counter({
    name: 'portal_forward_attempts_total',
    help: 'Uploads forwarded to weather networks, by network and result',
    labelNames: ['network', 'result'] as const,
    registers: [this.registry],
  });
  private mqtt = new Counter({
    name: 'portal_mqtt_messages_total',
    help: 'MQTT messages published, by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricsSources) {
    new Gauge({
      name: 'portal_sockets',
      help: 'Open socket.io connections of this process',
      registers: [this.registry],
      collect() {
        this.set(sources.sockets());
      },
    });
    new Gauge({
      name: 'portal_forward_queue_depth',
      help: 'Upload targets due with a sample waiting to be forwarded',
      registers: [this.registry],
      collect() {
        this.set(sources.queueDepth());
      },
    });
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'Database pool connections by state (used, free, pending acquires)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const pool = sources.pool();
        if (!pool) return;
        this.set({ state: 'used' }, pool.used);
        this.set({ state: 'free' }, pool.free);
        this.set({ state: 'pending' }, pool.pending);
      },
    });
  }

  upload(protocol: string, status: number, seconds: number): void {
    this.uploads.inc({ protocol, result: resultOf(status) });
    this.ingest.observe({ protocol }, seconds);
  }

  published(service: string, event: string, connections: number): void {
    this.fanout.inc({ service, event }, connections);
  }

  forwarded(network: string, result: string): void {
    this.forwards.inc({ network, result });
  }

  mqttPublished(kind: 'state' | 'discovery'): void {
    this.mqtt.inc({ kind });
  }
}

/** An upload answer's status in words (the label stays small: one of six). */
export function resultOf(status: number): string {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429) return 'too_many';
  if (status === 413) return 'too_large';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'error';
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The /metrics route. The path is also the metric catalogue's REST path (`metrics?hash=`, used by apps and
 * third parties): a request with the METRICS_TOKEN bearer gets the Prometheus text; one asking for Prometheus
 * text (Accept: text/plain or openmetrics, as scrapers send) without it gets a 401; anything else goes on to the
 * catalogue. So the operator series are never public and the catalogue keeps working.
 */
export function metricsRoute(metrics: PortalMetrics, token: string): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/metrics' || ctx.method !== 'GET') return next();
    const given = /^Bearer\s+(.+)$/i.exec(ctx.get('authorization'))?.[1] ?? '';
    if (!given || !sameToken(given, token)) {
      const accept = ctx.get('accept');
      const scraper = /openmetrics|text\/plain/i.test(accept) && !/json|msgpack/i.test(accept);
      if (!scraper) return next();
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer');
      ctx.body = {
        name: 'NotAuthenticated',
        message: 'Not authenticated',
        code: 401,
        className: 'not-authenticated',
      };
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
}
