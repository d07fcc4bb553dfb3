// The Feathers service map: every path the server registers, with what its methods take and answer (the records
// are contract.ts's). The server's Application (server/declarations.ts) and the worker's client
// (src/bridge/client.ts `feathers<ServiceTypes>()`) are both typed from it: the server's classes must implement
// these signatures (app.use checks them) and the worker's calls are typed end to end. Pure types.
import type { BackfillJob, BackfillRequest, BackfillState } from './backfill';
import type { ClimateAnswer, ClimateQuery } from './climate/summary';
import type { COLLECTIONS, SettingsName, SettingsOf } from './collections';
import type * as C from './contract';
import type { CorrectionRequest, SampleCorrection, SourcedSample, SourceSpan } from './corrections';
import type { GapReport } from './gaps';
import type { ImportAnswer, ImportJob, ImportRequest } from './imports';
import type { NeighbourAnswer } from './neighbours';
import type { QcAnswer, QcFlag } from './qc';
import type { RawValues, RecalibrationReport, RecalibrationRequest } from './recalibration';
import type { StationRecords } from './records';
import type { Coded } from './types';

/** A call's query: the REST query string or the socket call's `params.query`. */
export type Query = { [key: string]: unknown };

/**
 * What both ends pass as a call's params (the server adds user, provider, … on its own). find's are required:
 * its query may have required fields (the server's classes then read them from a Feathers `Params`).
 */
export interface CallParams<Q = Query> {
  query?: Q;
}

export interface Find<R, Q = Query> {
  find(params: CallParams<Q>): Promise<R>;
}
export interface Get<R> {
  get(id: string, params?: CallParams): Promise<R>;
}
export interface Create<D, R> {
  create(data: D, params?: CallParams): Promise<R>;
}
export interface Patch<D, R> {
  patch(id: string, data: D, params?: CallParams): Promise<R>;
}
export interface Remove<R, I = string> {
  remove(id: I, params?: CallParams): Promise<R>;
}

/** A find answer: a page, or a bare list with `$paginate=false` (and where the service never paginates). */
export type List<T> = T[] | C.ListPage<T>;

/** `$limit`, `$skip`, `$sort`, `$select`, `$paginate` and field filters (server/services/common/list-query.ts). */
export type ListQuery = {
  $limit?: number;
  $skip?: number;
  $sort?: Record<string, 1 | -1>;
  $select?: string[];
  $paginate?: boolean;
  $cursor?: string;
  [field: string]: unknown;
};

/** Series queries (times in unix seconds, `type`/`range` a bucket). */
export type SeriesQuery = {
  device: string;
  from?: number;
  to?: number;
  startTime?: string;
  endTime?: string;
  type?: '5m' | '30m' | '1h' | '1d';
  range?: '5m' | '30m' | '1h' | '1d';
  metrics?: string | string[];
};

export type DeviceQuery = {
  wsid?: string;
  _id?: string | { $in: string[] };
  $devices?: { owned?: boolean; shared?: boolean; public?: string[] | boolean };
  $limit?: number;
  $paginate?: boolean;
};

/** List operators of a patch (server/services/common/list-ops.ts): `{$push: {shareUsers: id}}`, … */
export type ListOps = { $push?: Query; $pull?: Query; $set?: Query };

/** The editable fields of a station (src/domain/deviceFields.ts checks them). */
export type DeviceData = Partial<Omit<C.Device, '_id' | 'wsid' | 'user' | 'createdAt' | 'updatedAt'>>;

export type SignUp = {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  termsAccepted?: boolean;
  captchaToken?: string;
};

/** Device ids of a watch: one or a list. */
export type Watching = { watching: string[]; left?: string };

/** `weatherMetrics/forecast created`: the refreshed table of one type, also under its own key. */
export type ForecastEvent = { device: string; type?: string } & Partial<C.ForecastTable> & Query;

/** A per-station settings service (server/services/station-settings): one record per station. */
export type SettingsService<T> = Find<
  List<T>,
  { weatherDevice: string; $limit?: number; $paginate?: boolean }
> &
  Create<Partial<T> & { weatherDevice: string }, T> &
  Patch<Partial<Omit<T, '_id' | 'weatherDevice'>>, T>;

type Collections = typeof COLLECTIONS;
/** Every settings service of the collections registry, by path. */
export type SettingsServices = {
  [K in SettingsName as Collections[K]['service']]: SettingsService<SettingsOf<K>>;
};

export interface ServiceTypes extends SettingsServices {
  authentication: Create<
    { strategy: string; email?: string; password?: string; accessToken?: string },
    C.AuthResult
  > &
    Remove<C.AuthResult | null, string | null>;
  users: Find<List<C.User | C.UserName>, ListQuery> &
    Get<C.User> &
    Create<SignUp, C.User> &
    Patch<Partial<C.User> & { password?: string }, C.User>;
  'users/verify': Create<
    { email: string; code?: string; resend?: boolean },
    { sent?: boolean; verified?: boolean }
  >;
  'users/reset': Create<
    { email: string; code?: string; password?: string },
    { sent?: boolean; valid?: boolean; reset?: boolean }
  >;
  'users/password': Create<
    { oldPassword: string; password: string; confirmPassword?: string },
    { changed: boolean; accessToken: string }
  >;
  /** get answers the picture's bytes (REST). */
  'users/pic': Get<unknown> &
    Create<{ file: string }, unknown> &
    Patch<{ file: string }, unknown> &
    Remove<unknown>;
  'users/me': Find<C.AccountInfo>;
  'users/delete': Create<{ password: string }, { deleted: boolean }>;
  downloadTokens: Create<{ path: string }, { token: string; expiresAt: string }>;
  config: Find<C.PublicConfig>;
  metrics: Find<C.MetricsAnswer, { hash?: string }>;
  weatherDevices: Find<C.Device[], DeviceQuery> &
    Get<C.Device> &
    Create<DeviceData & { name: string }, C.Device> &
    Patch<DeviceData & ListOps & { stationKey?: 'regenerate' }, C.Device> &
    Remove<C.Device>;
  'weatherDevices/watch': Create<{ id: string | string[] }, Watching> & Remove<Watching, string | null>;
  'weatherDevices/lastData': Find<C.LastData, { device: string; range?: boolean }>;
  'weatherDevices/forecast': Find<C.Forecast | C.ForecastTable, { device: string; type?: string }>;
  'weatherDevices/sun': Find<Record<string, unknown>, { device: string; date?: string }>;
  /** Highs and lows per period (issue 13); remove(device) = the owner's reset. */
  'weatherDevices/records': Find<StationRecords, { device: string }> & Remove<StationRecords>;
  /** Climate summaries (issue 26): JSON, or the NOAA text with format=noaa. */
  'weatherDevices/climate': Find<ClimateAnswer | string, ClimateQuery>;
  /** Station camera images (issue 28): the image's bytes, or with list=YYYY-MM-DD the day's image times. */
  'weatherDevices/camera': Find<C.CameraDay | Uint8Array, { device: string; time?: string; list?: string }>;
  weatherMetrics: Find<Coded, SeriesQuery>;
  'weatherMetrics/5m': Find<Coded, SeriesQuery>;
  'weatherMetrics/query': Find<Coded, SeriesQuery>;
  'weatherMetrics/queryGroup': Find<Coded, SeriesQuery>;
  'weatherMetrics/batchLastData': Find<Coded, { devices: string | string[] }>;
  /** A download over REST (`$downloadToken`); the body is a file. */
  'weatherMetrics/export': Find<unknown, Query>;
  /** Events only: created by the hourly forecast refresh. */
  'weatherMetrics/forecast': Create<ForecastEvent, ForecastEvent>;
  alertSettings: Find<List<C.AlertSettings>, { weatherDevice: string; $paginate?: boolean }> &
    Get<C.AlertSettings> &
    Create<{ weatherDevice: string; settings?: C.AlertRule[]; disableAll?: boolean }, C.AlertSettings> &
    Patch<
      Partial<Omit<C.AlertSettings, '_id' | 'settings'>> & { settings?: C.AlertRule[] } & ListOps,
      C.AlertSettings
    >;
  alerts: Find<List<C.Alert>, { device?: string } & ListQuery>;
  'alerts/hide': Find<C.Alert, { id: string }>;
  sessions: Create<Partial<Omit<C.Session, 'secret'>> & { pushToken?: string; secret?: string }, C.Session>;
  'sessions/vapid': Find<{ publicKey: string | null }>;
  weatherServer: Find<C.ServerView, { device: string }>;
  'stations/lookup': Find<C.Device, { wsid: string }>;
  /** Gaps in a station's data over the last `days` (issue 27; src/domain/gaps.ts). */
  stationGaps: Find<GapReport, { device: string; days?: number }>;
  /** The owner's neighbour check (issue 24; src/domain/neighbours.ts). */
  stationNeighbours: Find<NeighbourAnswer, { device: string }>;
  /** Re-applying a calibration to history (issue 24): preview (find), raw values kept (find raw), apply (create). */
  stationRecalibrations: Find<
    RecalibrationReport | RawValues,
    { device: string; key: string; from: number; to?: number; raw?: boolean }
  > &
    Create<RecalibrationRequest, RecalibrationReport>;
  /** Values quality control left out, by day, and the owner's accept/reject (issue 24; src/domain/qc.ts). */
  qcFlags: Find<QcAnswer, { device: string; days?: number }> &
    Patch<{ status: 'accepted' | 'rejected' }, QcFlag>;
  /** Corrections and provenance (issue 24; src/domain/corrections.ts): the edit log, sourced samples, correct, undo. */
  sampleCorrections: Find<
    SampleCorrection[] | SourcedSample[] | SourceSpan[],
    { device: string; from?: number; to?: number; samples?: boolean; sources?: boolean }
  > &
    Create<CorrectionRequest, SampleCorrection> &
    Patch<{ undone: true }, SampleCorrection>;
  'attachments/upload': Create<unknown, { data: { info: object } }>;
  /** History imports (issue 25): the file as a raw REST body, then dry run, import, progress, cancel, undo. */
  'imports/upload': Create<unknown, { upload: string; name: string; size: number }>;
  imports: Find<ImportJob[], { device: string }> &
    Get<ImportJob> &
    Create<ImportRequest, ImportAnswer> &
    Patch<{ action: 'cancel' | 'rollback' }, ImportJob>;
  /** Backfill from the vendors' clouds (issue 27): the owner's keys, then a background import of their history. */
  backfill: Find<BackfillState, { device: string }> &
    Get<BackfillJob> &
    Create<BackfillRequest, BackfillJob> &
    Patch<{ action: 'cancel' }, BackfillJob> &
    Remove<{ device: string }>;
  subscriptionPlans: Find<List<C.SubscriptionPlan>, ListQuery> &
    Get<C.SubscriptionPlan> &
    Create<Partial<C.SubscriptionPlan>, C.SubscriptionPlan> &
    Patch<Partial<C.SubscriptionPlan>, C.SubscriptionPlan> &
    Remove<C.SubscriptionPlan>;
  deviceSubscriptionPlan: Find<List<C.DeviceSubscriptionPlan>, ListQuery> &
    Get<C.DeviceSubscriptionPlan> &
    Create<Partial<C.DeviceSubscriptionPlan>, C.DeviceSubscriptionPlan> &
    Patch<Partial<C.DeviceSubscriptionPlan>, C.DeviceSubscriptionPlan> &
    Remove<C.DeviceSubscriptionPlan>;
  shareInvitations: Find<C.ShareInvitation[], ListQuery> &
    Get<C.ShareInvitation> &
    Create<{ device: string; email: string }, C.ShareInvitation> &
    Patch<{ status: 'accepted' | 'declined' }, C.ShareInvitation> &
    Remove<C.ShareInvitation>;
  /** Forwarding to weather networks (issue #17), owner only; `get ?$reveal=true` answers the key itself. */
  uploadTargets: Find<C.UploadTarget[], { device: string }> &
    Get<C.UploadTarget> &
    Create<C.UploadTargetData & { device: string; network: C.UploadTarget['network'] }, C.UploadTarget> &
    Patch<C.UploadTargetData, C.UploadTarget> &
    Remove<C.UploadTarget>;
  'uploadTargets/test': Create<{ target: string }, C.UploadTargetTest>;
  /** The admin area (issue #15): admins and editors only (editors may not remove). */
  'admin/users': Find<List<C.AdminUser>, ListQuery> &
    Get<C.AdminUser> &
    Create<SignUp & { verified?: boolean; adminType?: C.AdminType | null }, C.AdminUser> &
    Patch<
      Partial<Pick<C.AdminUser, 'firstName' | 'lastName' | 'email' | 'verified' | 'disabled'>> & {
        adminType?: C.AdminType | null;
        resetPassword?: boolean;
      },
      C.AdminUser
    > &
    Remove<C.AdminUser>;
  'admin/devices': Find<List<C.AdminDevice>, ListQuery> &
    Get<C.AdminDevice> &
    Patch<
      Partial<Pick<C.AdminDevice, 'name' | 'consoletype' | 'shareMode' | 'timezone'>> & { user?: string },
      C.AdminDevice
    > &
    Remove<C.AdminDevice>;
  'admin/ingestHealth': Find<C.IngestHealthView>;
  /** Orders (issue #14): create {subscriptionPlan, devices}; buyers remove (hide) their own; admins patch status. */
  orders: Find<List<C.Order>, ListQuery> &
    Get<C.Order> &
    Create<{ subscriptionPlan: string; devices: string[] }, C.Order> &
    Patch<{ status: C.Order['status'] }, C.Order> &
    Remove<C.Order>;
  payments: Create<
    {
      order: string;
      card?: { number: string; expMonth: number; expYear: number; cvc: string };
      check?: boolean;
    },
    C.PaymentStart
  >;
  /** The sign-in redirects of @feathersjs/authentication-oauth (REST, when a provider is configured). */
  'oauth/:provider': Find<unknown>;
  'oauth/:provider/callback': Find<unknown>;
}

export type ServicePath = keyof ServiceTypes;
type Method = 'find' | 'get' | 'create' | 'patch' | 'remove';
/** The paths that have `method`. */
export type PathWith<M extends Method> = {
  [K in ServicePath]: ServiceTypes[K] extends Record<M, unknown> ? K : never;
}[ServicePath];
// biome-ignore lint/suspicious/noExplicitAny: matches any method signature, to read its parameters and answer
type Fn = (...args: any[]) => Promise<unknown>;
type MethodOf<K extends ServicePath, M extends Method> =
  ServiceTypes[K] extends Record<M, infer F extends Fn> ? F : never;
/** What `find` on a path answers. */
export type FindResult<K extends PathWith<'find'>> = Awaited<ReturnType<MethodOf<K, 'find'>>>;
/** The query `find` on a path takes. */
export type FindQuery<K extends PathWith<'find'>> = NonNullable<Parameters<MethodOf<K, 'find'>>[0]>['query'];
export type CreateData<K extends PathWith<'create'>> = Parameters<MethodOf<K, 'create'>>[0];
export type CreateResult<K extends PathWith<'create'>> = Awaited<ReturnType<MethodOf<K, 'create'>>>;
export type PatchData<K extends PathWith<'patch'>> = Parameters<MethodOf<K, 'patch'>>[1];
export type PatchResult<K extends PathWith<'patch'>> = Awaited<ReturnType<MethodOf<K, 'patch'>>>;
export type RemoveResult<K extends PathWith<'remove'>> = Awaited<ReturnType<MethodOf<K, 'remove'>>>;
