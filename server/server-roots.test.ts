// The server roots (src/domain/serverRoots.ts) are declared once and read by the service worker and the Vite dev
// proxy: every registered service and every upload protocol's path must be under one of them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isServerPath, rootOf, SERVER_ROOTS } from '../src/domain/serverRoots';
import { PROTOCOLS } from './ingest/protocols';
import { startServer, type TestServer } from './testing/server';

describe('server roots', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  test('hold every registered service', () => {
    const services = Object.keys(t.server.app.services);
    expect(services.length).toBeGreaterThan(20);
    expect(services.filter((s) => !SERVER_ROOTS.includes(rootOf(s)))).toEqual([]);
  });

  test("hold every upload protocol's paths", () => {
    const paths = Object.values(PROTOCOLS).flatMap((p) => [...p.paths, ...p.prefixes]);
    expect(paths.filter((p) => !isServerPath(p))).toEqual([]);
  });
});
