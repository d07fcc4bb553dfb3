// Where `npm run cluster` puts its parts, from the environment.
import { expect, test } from 'vitest';
import { clusterLayout, layoutServers } from './layout';

test('defaults: HAProxy on 8080, one ingest process and two API processes on the next ports', () => {
  const layout = clusterLayout({});
  expect(layout).toEqual({ port: 8080, host: '', ingest: 1, ports: [8081, 8082, 8083] });
  expect(layoutServers(layout)).toEqual({
    ingest: [{ name: 'ingest1', port: 8081 }],
    api: [
      { name: 'api1', port: 8082 },
      { name: 'api2', port: 8083 },
    ],
  });
});

test('INGEST_PROCESSES ingest processes first, then the API ones', () => {
  const layout = clusterLayout({ PORT: '9000', INGEST_PROCESSES: '2' });
  expect(layout.ports).toEqual([9001, 9002, 9003, 9004]);
  expect(layoutServers(layout).ingest.map((s) => s.port)).toEqual([9001, 9002]);
  expect(
    layoutServers(clusterLayout({ INGEST_PROCESSES: '2', CLUSTER_PORTS: '7001,7002,7003' })).api,
  ).toEqual([{ name: 'api1', port: 7003 }]);
});

test('a layout without an API process, or with a bad count or port, is refused', () => {
  expect(() => clusterLayout({ INGEST_PROCESSES: '2', CLUSTER_PORTS: '7001,7002' })).toThrow(/CLUSTER_PORTS/);
  expect(() => clusterLayout({ INGEST_PROCESSES: '0' })).toThrow(/INGEST_PROCESSES/);
  expect(() => clusterLayout({ CLUSTER_PORTS: '7001,70000' })).toThrow(/CLUSTER_PORTS/);
});
