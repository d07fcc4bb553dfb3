// MQTT against the local Mosquitto (127.0.0.1:1883): an upload is published as a state message in SI units, and
// the station's metrics are announced to Home Assistant with retained discovery configs.
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer } from '../testing/server';
import { integrationsConfig } from './config';

const BROKER = 'mqtt://127.0.0.1:1883';
let t: TestServer;
const prefix = `test-weather-${process.pid}-${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await startServer({
    integrations: { ...integrationsConfig({ MQTT_URL: BROKER, MQTT_PREFIX: prefix }), forward: false },
  });
});
afterAll(() => t.close());

describe('MQTT and Home Assistant discovery', () => {
  test('an upload reaches the state topic and the discovery configs (retained)', async () => {
    const owner = await newUser(t, 'mqtt-owner');
    const station = await newStation(t, owner.token, { name: 'Roof' });
    const sub = await mqtt.connectAsync(BROKER);
    const got = new Map<string, { payload: string; retain: boolean }>();
    sub.on('message', (topic, payload, packet) =>
      got.set(topic, { payload: payload.toString(), retain: packet.retain }),
    );
    await sub.subscribeAsync([`${prefix}/${station.wsid}/state`, 'homeassistant/sensor/+/config']);
    try {
      // Wunderground protocol, imperial: 68 °F, 40 %, 29.92 inHg, 10 mph.
      const params = new URLSearchParams({
        ID: station.wsid,
        PASSWORD: station.stationKey,
        action: 'updateraw',
        dateutc: 'now',
        tempf: '68',
        humidity: '40',
        baromin: '29.92',
        windspeedmph: '10',
      });
      const res = await call(t.url, 'GET', `/weatherstation/updateweatherstation.php?${params}`);
      expect(res.status).toBe(200);
      const stateTopic = `${prefix}/${station.wsid}/state`;
      const tempTopic = `homeassistant/sensor/${station.wsid}_tempc0/config`;
      await waitFor(() => got.has(stateTopic) && got.has(tempTopic));
      const state = JSON.parse(got.get(stateTopic)!.payload);
      expect(state).toMatchObject({ tempc0: 20, humc0: 40, relbaro: 1013.208, windspd: 4.47 });
      expect(Math.abs(state.time - Date.now() / 1000)).toBeLessThan(60);
      // Derived values are published too (dew point from temperature and humidity).
      expect(state.dewpoint).toEqual(expect.any(Number));
      const config = JSON.parse(got.get(tempTopic)!.payload);
      expect(config).toMatchObject({
        state_topic: stateTopic,
        device_class: 'temperature',
        unit_of_measurement: '°C',
        state_class: 'measurement',
        value_template: '{{ value_json.tempc0 }}',
        device: { name: 'Roof' },
      });
      for (const key of ['humc0', 'relbaro', 'windspd', 'dewpoint'])
        expect(got.has(`homeassistant/sensor/${station.wsid}_${key}/config`), key).toBe(true);

      // Retained: a client subscribing later still gets the config.
      const late = await mqtt.connectAsync(BROKER);
      const retained = new Promise<boolean>((resolve) =>
        late.on('message', (_topic, _payload, packet) => resolve(packet.retain)),
      );
      await late.subscribeAsync(tempTopic);
      expect(await retained).toBe(true);
      await late.endAsync();
    } finally {
      // Leave no retained configs behind on the shared broker.
      for (const topic of got.keys())
        if (topic.startsWith(`homeassistant/sensor/${station.wsid}_`))
          await sub.publishAsync(topic, '', { retain: true });
      await sub.endAsync();
    }
  });
});

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting for MQTT messages');
    await new Promise((r) => setTimeout(r, 20));
  }
}
