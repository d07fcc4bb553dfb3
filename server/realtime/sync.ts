// Service events shared between server processes through Redis, as a feathers-sync custom adapter (its documented
// `core` and `sync-in` / `sync-out` events) over two clients of ours: its bundled Redis adapter keeps them on
// undocumented fields of `app.sync`, and the server must close them when it stops.

import { randomUUID } from 'node:crypto';
import type { Application as FeathersApplication } from '@feathersjs/feathers';
import feathersSync from 'feathers-sync';
import { createClient } from 'redis';
import type { Application } from '../declarations';
import { closeRedis } from '../hooks/rate-limit';

// Documented in feathers-sync's README ("Writing custom adapters"); its type declarations leave it out.
const { core } = feathersSync as unknown as { core: (app: FeathersApplication) => void };

export interface RedisSync {
  /** Resolves once events from other processes are received. */
  ready: Promise<void>;
  /** Called with false when the bus goes down (once per outage), with true when both clients are ready again. */
  onStatus(listener: (up: boolean) => void): void;
  close(): Promise<void>;
}

export function redisSync(app: Application, uri: string, key: string): RedisSync {
  const pub = createClient({ url: uri });
  const sub = pub.duplicate();
  const listeners: ((up: boolean) => void)[] = [];
  const tell = (up: boolean) => {
    for (const listener of listeners) listener(up);
  };
  // Once per outage, not at every reconnection attempt.
  const down = new Set<typeof pub>();
  let outage = false;
  for (const client of [pub, sub]) {
    client.on('error', (error) => {
      if (!down.has(client))
        app.ctx.log.error('Redis (sync) down', {
          reason: error instanceof Error ? error.message : String(error),
        });
      down.add(client);
      if (!outage) {
        outage = true;
        tell(false);
      }
    });
    client.on('ready', () => {
      down.delete(client);
      if (outage && down.size === 0) {
        outage = false;
        tell(true);
      }
    });
  }
  const origin = `${randomUUID()}|`;
  const ready = Promise.all([pub.connect(), sub.connect()]).then(() =>
    sub.subscribe(key, (message) => {
      if (!message.startsWith(origin)) app.emit('sync-in', message.slice(message.indexOf('|') + 1));
    }),
  );
  app.configure(core);
  Object.assign(app, { sync: { type: 'redis', ready, serialize: JSON.stringify, deserialize: JSON.parse } });
  // feathers-sync delivers an event only when it comes back from Redis: with Redis down, a process would not even
  // tell its own watchers. Here each process delivers its own events at once and skips them when Redis echoes
  // them (the message carries the sender's id); other processes get them through Redis whenever it is up.
  app.on('sync-out', (message: string) => {
    app.emit('sync-in', message);
    if (!pub.isReady) return; // down: not queued for later (late events would arrive out of order)
    pub
      .publish(key, origin + message)
      .catch((error: unknown) => app.ctx.log.error('Redis (sync) publish failed', error));
  });
  return {
    ready,
    onStatus: (listener) => listeners.push(listener),
    close: async () => {
      await Promise.all([closeRedis(pub), closeRedis(sub)]);
    },
  };
}
