// Service events shared between server processes through Redis, as a feathers-sync custom adapter (its documented
// `core` and `sync-in` / `sync-out` events) over two clients of ours: its bundled Redis adapter keeps them on
// undocumented fields of `app.sync`, and the server must close them when it stops.
import type { Application as FeathersApplication } from '@feathersjs/feathers';
import feathersSync from 'feathers-sync';
import { createClient } from 'redis';
import type { Application } from '../declarations';

// Documented in feathers-sync's README ("Writing custom adapters"); its type declarations leave it out.
const { core } = feathersSync as unknown as { core: (app: FeathersApplication) => void };

export interface RedisSync {
  /** Resolves once events from other processes are received. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function redisSync(app: Application, uri: string, key: string): RedisSync {
  const pub = createClient({ url: uri });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', (error) => console.error('Redis (sync)', error));
  const ready = Promise.all([pub.connect(), sub.connect()]).then(() =>
    sub.subscribe(key, (message) => app.emit('sync-in', message)),
  );
  app.configure(core);
  Object.assign(app, { sync: { type: 'redis', ready, serialize: JSON.stringify, deserialize: JSON.parse } });
  app.on('sync-out', (message: string) => {
    pub.publish(key, message).catch((error: unknown) => console.error('Redis (sync) publish', error));
  });
  return {
    ready,
    close: async () => {
      await Promise.all([pub.quit(), sub.quit()]).catch(() => {});
    },
  };
}
