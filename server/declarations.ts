// The application type shared by services, hooks and channels.
import type { HookContext as FeathersHookContext } from '@feathersjs/feathers';
import type { Application as FeathersApplication } from '@feathersjs/koa';
import type { AlertEngine } from './alerts/engine';
import type { Config } from './config';
import type { SharedCounters } from './hooks/rate-limit';
import type { Mailer } from './notify/mail';
import type { DeviceCache } from './services/devices/device-cache';
import type { Storage } from './storage/db';
import type { SampleStore } from './storage/samples';

export interface AppContext {
  config: Config;
  storage: Storage;
  samples: SampleStore;
  devices: DeviceCache;
  mailer: Mailer;
  /** Rate-limit counters all processes share (Redis, when REDIS_URL is set). */
  counters: SharedCounters | null;
  /** The alerts engine (server/alerts); ingest hands it every stored upload. */
  alerts?: AlertEngine;
}

// biome-ignore lint/suspicious/noExplicitAny: services are registered dynamically by path, settings are free-form
export type Application = FeathersApplication<any, any> & { ctx: AppContext };
export type HookContext = FeathersHookContext<Application>;

export interface AuthUser {
  _id: string;
  email: string;
  verified: boolean;
  isAdmin?: boolean;
}
