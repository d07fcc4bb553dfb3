// HOST (issue #10 item 9): the server listens on the address it is given, and on every interface without one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createApp } from './app';
import { loadConfig } from './config';
import { testDatabase } from './testing/server';

async function listening(env: Record<string, string>) {
  const config = loadConfig(
    { DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-host-')), PORT: '0', DEMO: 'off', ...env },
    { database: testDatabase(), staticDir: null, logLevel: 'silent' },
  );
  const server = await createApp(config);
  const port = await server.listen();
  const address = server.address();
  const schema =
    server.app.ctx.storage.engine === 'pg' ? new URL(config.database).searchParams.get('schema') : null;
  if (schema) await server.app.ctx.storage.knex.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await server.close();
  return { port, address };
}

describe('HOST', () => {
  test('HOST=127.0.0.1 binds the loopback address only', async () => {
    const { port, address } = await listening({ HOST: '127.0.0.1' });
    expect(address).toMatchObject({ address: '127.0.0.1', port });
    expect(port).toBeGreaterThan(0);
  });

  test('without HOST every interface', async () => {
    const { address } = await listening({});
    expect(['::', '0.0.0.0']).toContain(address?.address);
  });
});
