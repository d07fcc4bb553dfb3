// Settings of the integrations (issue #17), from the environment: MQTT_URL, MQTT_PREFIX, METRICS_TOKEN,
// FORWARD_URL_<NETWORK> (endpoints of the weather networks), FORWARD_TICK_MS, FORWARD=off, FORWARD_CUSTOM=off
// (no custom servers) and FORWARD_ALLOW_PRIVATE=on (custom servers on the host's own network, issue #20).
import { endpointsFrom, type FixedNetwork } from './forward/formats';

export interface IntegrationsConfig {
  /** mqtt://host:1883 — publish every accepted sample and Home Assistant discovery configs (null: off). */
  mqttUrl: string | null;
  /** First topic level of the state topics: `<prefix>/<Station ID>/state`. */
  mqttPrefix: string;
  /** Bearer token of GET /metrics (null: /metrics is not served). */
  metricsToken: string | null;
  /** Endpoint per weather network (tests point them at local fakes). */
  endpoints: Record<FixedNetwork, string>;
  /** Whether this process runs the forwarder (one process per cluster holds the lock and sends). */
  forward: boolean;
  /** Milliseconds between forwarder passes. */
  forwardTickMs: number;
  /** First retry delay after a passing failure, doubled per failure up to an hour. */
  forwardRetryMs: number;
  /** FORWARD_CUSTOM=off: no target may be a custom server (refused when added and when sent). */
  forwardCustom: boolean;
  /** FORWARD_ALLOW_PRIVATE=on: custom servers may be on loopback or a private network (server/net/address.ts). */
  forwardAllowPrivate: boolean;
}

export function integrationsConfig(env: Record<string, string | undefined>): IntegrationsConfig {
  const tick = Number(env.FORWARD_TICK_MS || 5000);
  return {
    mqttUrl: env.MQTT_URL?.trim() || null,
    mqttPrefix: (env.MQTT_PREFIX?.trim() || 'weather').replace(/\/+$/, ''),
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    endpoints: endpointsFrom(env),
    forward: (env.FORWARD ?? 'on') !== 'off',
    forwardTickMs: Number.isFinite(tick) && tick >= 100 ? tick : 5000,
    forwardRetryMs: 30_000,
    forwardCustom: (env.FORWARD_CUSTOM ?? 'on') !== 'off',
    forwardAllowPrivate: env.FORWARD_ALLOW_PRIVATE === 'on',
  };
}
