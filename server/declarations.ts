// The application type shared by services, hooks and channels.
import type { AuthenticationService } from '@feathersjs/authentication';
import type { HookContext as FeathersHookContext } from '@feathersjs/feathers';
import type { Application as FeathersApplication } from '@feathersjs/koa';
import type { ServiceTypes as SharedServiceTypes } from '../src/domain/services';
import type { AlertEngine } from './alerts/engine';
import type { Leader } from './cluster/leader';
import type { Config } from './config';
import type { SharedCounters } from './hooks/rate-limit';
import type { CalibrationCache } from './ingest/calibrations';
import type { Forwarder } from './integrations/forward/forwarder';
import type { PortalMetrics } from './integrations/metrics';
import type { MqttPublisher } from './integrations/mqtt';
import type { Logger } from './log';
import type { Mailer } from './notify/mail';
import type { PaymentProvider } from './payments/provider';
import type { DeviceCache } from './services/devices/device-cache';
import type { DevicesService } from './services/devices/devices.class';
import type { IngestHealth } from './services/ingest-health/recorder';
import type { OrdersService } from './services/orders/orders.class';
import type { DeviceSubscriptionPlanService } from './services/subscriptions/device-plans.class';
import type { PlanGate } from './services/subscriptions/plan-gate';
import type { Storage } from './storage/db';
import type { SampleStore } from './storage/samples';

export interface AppContext {
  config: Config;
  /** The server's log (server/log.ts): LOG_LEVEL, LOG_FORMAT, request and user ids. */
  log: Logger;
  storage: Storage;
  samples: SampleStore;
  devices: DeviceCache;
  mailer: Mailer;
  /** Rate-limit counters all processes share (Redis, when REDIS_URL is set). */
  counters: SharedCounters | null;
  /** Whether this process runs the once-per-cluster jobs (server/cluster/leader.ts). */
  leader: Leader;
  /** The alerts engine (server/alerts); ingest hands it every stored upload. */
  alerts?: AlertEngine;
  /** Forwarding to weather networks (server/integrations): sends due targets, and "test now". */
  forwarder?: Forwarder;
  /** Operator series of GET /metrics (only with METRICS_TOKEN). */
  metrics?: PortalMetrics;
  /** MQTT publisher (only with MQTT_URL): ingest hands it every stored sample. */
  mqtt?: MqttPublisher | null;
  /** Counts every upload answer (server/services/ingest-health): the admin page and portal_uploads_total. */
  ingestHealth?: IngestHealth;
  /** Paid device types: whether a device's readings may be served, and its plans (issue #14). */
  plans: PlanGate;
  /** Each station's calibration (issue 24), applied at ingest before values are cleaned and derived. */
  calibrations: CalibrationCache;
  /** Stripe or the sandbox (server/payments). */
  payments: PaymentProvider;
}

/**
 * The services of src/domain/services.ts (the worker's client is typed from the same map). Where server code
 * calls more than the wire methods, the entry names the class; `extends` checks that it still implements the
 * shared entry. `authentication` is the library's service (its answers are typed as free-form objects).
 */
export interface ServiceTypes extends Omit<SharedServiceTypes, 'authentication'> {
  authentication: AuthenticationService;
  /** readable(): the permission check every device-scoped service uses. */
  weatherDevices: DevicesService;
  /** grant(): for orders and payments. */
  deviceSubscriptionPlan: DeviceSubscriptionPlanService;
  /** settle(), refund(): for payments and the provider's webhook. */
  orders: OrdersService;
}

/** app.get/set: the authentication settings (server/auth/authentication.ts); the rest lives in `app.ctx`. */
export interface Settings {
  authentication?: Record<string, unknown>;
}

export type Application = FeathersApplication<ServiceTypes, Settings> & { ctx: AppContext };
export type HookContext = FeathersHookContext<Application>;

export interface AuthUser {
  _id: string;
  email: string;
  verified: boolean;
  isAdmin?: boolean;
  /** Set with isAdmin: 'editor' may not delete or change roles (issue #15). */
  adminType?: 'admin' | 'editor';
  disabled?: boolean;
}
