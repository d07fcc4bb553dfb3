// MQTT (MQTT_URL): every accepted sample is published to `<prefix>/<Station ID>/state` as JSON in SI units, and
// the first time a station sends a metric in this process its Home Assistant discovery config is published
// (retained, QoS 1) so the sensor appears in Home Assistant. States are QoS 0 and not queued while the broker
// is away (a stale reading delivered late helps no one); configs are queued and sent on reconnect.
import mqtt, { type MqttClient } from 'mqtt';
import { discoveryConfig, discoveryTopic, stateTopic } from './mqtt-discovery';

export interface MqttStation {
  wsid: string;
  name: string;
}

export class MqttPublisher {
  private client: MqttClient;
  private announced = new Set<string>();

  constructor(
    url: string,
    private prefix: string,
    private onPublished: (kind: 'state' | 'discovery') => void = () => {},
    private log: (message: string, error?: unknown) => void = () => {},
  ) {
    this.client = mqtt.connect(url, {
      clientId: `weather-portal-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
      queueQoSZero: false,
      reconnectPeriod: 5000,
    });
    this.client.on('error', (error) => this.log('MQTT error', error));
  }

  /** Publishes the sample (values in base units; nulls left out), announcing metrics not yet announced. */
  publish(station: MqttStation, time: number, values: Record<string, number | null>): void {
    const state: Record<string, number> = { time };
    for (const key in values) {
      const v = values[key];
      if (v === null || !Number.isFinite(v)) continue;
      state[key] = v;
      const seen = `${station.wsid}\u0000${key}`;
      if (this.announced.has(seen)) continue;
      const config = discoveryConfig(this.prefix, station, key);
      if (!config) continue;
      this.announced.add(seen);
      this.client.publish(
        discoveryTopic(station, key),
        JSON.stringify(config),
        { qos: 1, retain: true },
        (e) => (e ? this.log('MQTT discovery not published', e) : this.onPublished('discovery')),
      );
    }
    this.client.publish(stateTopic(this.prefix, station), JSON.stringify(state), { qos: 0 }, (e) =>
      e ? undefined : this.onPublished('state'),
    );
  }

  async close(): Promise<void> {
    await this.client.endAsync().catch(() => {});
  }
}
