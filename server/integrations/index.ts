// The integrations of issue #17, started with the server: the forwarder to weather networks (every process has
// one for "test now"; its timer runs where FORWARD is not off and sends only while holding the cluster lock),
// MQTT with Home Assistant discovery (MQTT_URL), and the operators' /metrics (METRICS_TOKEN).
import type { Middleware } from '@feathersjs/koa';
import { clusterLock } from '../cluster/lock';
import type { Application } from '../declarations';
import { integrationsConfig } from './config';
import { Forwarder } from './forward/forwarder';
import { metricsRoute, PortalMetrics } from './metrics';
import { MqttPublisher } from './mqtt';

export interface Integrations {
  /** The /metrics route (null without METRICS_TOKEN). */
  route: Middleware | null;
  close(): Promise<void>;
}

export function startIntegrations(app: Application): Integrations {
  const { config } = app.ctx;
  const settings = config.integrations ?? integrationsConfig({});
  const log = (message: string, error?: unknown) =>
    app.ctx.log.error(message, error instanceof Error ? { reason: error.message } : error);

  const schema = config.database.startsWith('postgres')
    ? new URL(config.database).searchParams.get('schema')
    : null;
  const forwarder = new Forwarder(
    app,
    settings,
    clusterLock(app.ctx.storage, `forwarder:${schema ?? 'public'}`),
  );
  app.ctx.forwarder = forwarder;
  if (settings.forward) forwarder.start();

  let metrics: PortalMetrics | null = null;
  if (settings.metricsToken) {
    metrics = new PortalMetrics({
      sockets: () =>
        (app as unknown as { io?: { engine?: { clientsCount?: number } } }).io?.engine?.clientsCount ?? 0,
      queueDepth: () => forwarder.queueDepth,
      pool: () => app.ctx.storage.pool?.() ?? null,
      uploads: () => app.ctx.ingestHealth?.statusTotals() ?? [],
    });
    app.ctx.metrics = metrics;
    // Feathers announces every event it sends to channels: the fan-out, counted per receiving connection.
    app.on('publish', (event: string, channel: { length: number }, hook: { path: string }) =>
      metrics?.published(hook.path, event, channel.length),
    );
  }

  const mqtt = settings.mqttUrl
    ? new MqttPublisher(settings.mqttUrl, settings.mqttPrefix, (kind) => metrics?.mqttPublished(kind), log)
    : null;
  app.ctx.mqtt = mqtt;

  return {
    route: metrics && settings.metricsToken ? metricsRoute(metrics, settings.metricsToken) : null,
    async close() {
      await forwarder.stop();
      await mqtt?.close();
    },
  };
}
