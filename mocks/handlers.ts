// The msw handlers: the same REST contract as server/ (paths, query parsing, shapes, status codes, messages),
// served from an in-memory store (./db). `createHandlers(base, store)` for a given origin and store;
// `handlers` for same-origin use in a browser.

import { db, type MockDb } from './db';
import { accountRoutes } from './routes/accounts';
import { adminRoutes } from './routes/admin';
import { deviceRoutes } from './routes/devices';
import { orderRoutes } from './routes/orders';
import { seriesRoutes } from './routes/series';
import { settingsRoutes } from './routes/settings';
import { shareRoutes } from './routes/shares';
import { subscriptionRoutes } from './routes/subscriptions';
import { uploadTargetRoutes } from './routes/upload-targets';

export function createHandlers(base = '', store: MockDb = db) {
  return [
    ...accountRoutes(base, store),
    ...deviceRoutes(base, store),
    ...seriesRoutes(base, store),
    ...settingsRoutes(base, store),
    ...subscriptionRoutes(base, store),
    ...shareRoutes(base, store),
    ...uploadTargetRoutes(base, store),
    ...orderRoutes(base, store),
    ...adminRoutes(base, store),
  ];
}

export const handlers = createHandlers();
