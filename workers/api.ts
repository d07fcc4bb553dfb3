// The data worker's comlink API: what the page may ask of it. The page never fetches; it calls these and reads
// the results back from Dexie (src/db). Errors reject with { message, code } so the UI can show the message.

import type { AccountInfo, ConnectionState, DevicePlanView, WeatherServerView } from '../src/db/views';
import type { BackfillJob, BackfillRequest, BackfillState } from '../src/domain/backfill';
import type { ClimateAnswer } from '../src/domain/climate/summary';
import type {
  Device,
  FirebaseWebConfig,
  IngestRejection,
  ListPage,
  Order,
  PaymentStart,
  UploadTarget,
  UploadTargetTest,
  User,
} from '../src/domain/contract';
import type { SampleCorrection, SourcedSample } from '../src/domain/corrections';
import type { ExportFormat } from '../src/domain/exports';
import type { GapReport } from '../src/domain/gaps';
import type { ImportAnswer, ImportJob, ImportRequest } from '../src/domain/imports';
import type { NeighbourAnswer } from '../src/domain/neighbours';
import type { QcAnswer, QcFlag } from '../src/domain/qc';
import type { RecalibrationReport } from '../src/domain/recalibration';
import type { BucketRange } from '../src/domain/types';
import type { CardDetails } from './orders';
import type { TargetInput } from './upload-targets';

export type { AccountInfo, CardDetails, ConnectionState, DevicePlanView, TargetInput, WeatherServerView };

/** What a climate summary adds (issue 26): the station's normals per day, the same period of another year. */
export interface ClimateOptions {
  normals?: boolean;
  /** A year YYYY. */
  compare?: string | null;
}

export type { ExportFormat };

export interface ExportRequest {
  device: string;
  /** unix s */
  startTime: number;
  endTime: number;
  format: ExportFormat;
  locale?: string;
}

export interface SignupInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  termsAccepted: boolean;
  /** The captcha widget's token, when GET /config offers captcha. */
  captchaToken?: string;
}

export interface NewDeviceInput {
  name: string;
  consoletype?: number;
  timezone?: string;
  latitude?: number | null;
  longitude?: number | null;
  elevation?: number | null;
  mac?: string | null;
  macAuth?: boolean;
}

/** A uPlot-ready series: x = unix seconds, ys in display units, transferred not copied. */
export interface SeriesData {
  keys: string[];
  units: string[];
  x: Float64Array;
  ys: Float64Array[]; // NaN = no value
  bucket: BucketRange;
  /** The period asked for (unix s): the time axis spans it, however few points it holds. */
  from: number;
  to: number;
  fromCache: boolean;
  /**
   * Week, month and year graphs (buckets over 5 minutes): each averaged key's low and high per bucket, on the
   * same times as `x` (issue 22: the band around the mean, as WeeWX and Weather Underground draw it).
   */
  bands?: { key: string; lo: Float64Array; hi: Float64Array }[];
}

/** What `bench()` measured in the worker (medians, ms); see workers/bench.ts. */
export interface WorkerBench {
  mergeRows: number;
  mergeMs: number;
  aggregateRows: number;
  aggregateBuckets: number;
  aggregateKeys: number;
  aggregateMs: number;
  /** The same fold over every column of the rows (reference). */
  allKeys: number;
  aggregateAllKeysMs: number;
}

/** The admin area's list services (issue #15). */
export type AdminPath =
  | 'admin/users'
  | 'admin/devices'
  | 'admin/ingestHealth'
  | 'subscriptionPlans'
  | 'orders';

/** An admin table export: every row of `query` (pages of 100), the columns as shown. */
export interface AdminExportRequest {
  path: AdminPath;
  query: Record<string, unknown>;
  /** `key` is a dotted path of the record ('user.email'); `image` columns make their rows 64 px high. */
  columns: { key: string; label: string; image?: boolean }[];
  format: Extract<ExportFormat, 'csv' | 'xlsx'>;
  /** The screen's path: the file is named after it and a date-time stamp. */
  fileBase: string;
  sheetName?: string;
}

export interface DataWorkerApi {
  /** Start: open the socket with the stored token (if any), load devices and metric definitions. Idempotent. */
  start(origin: string): Promise<void>;
  /** Sign in with email/password; stores { accessToken, user } in settings.auth and loads the data. */
  login(email: string, password: string): Promise<User>;
  /** Create the account (verified: false; a 6-digit code is mailed). Does not sign in. */
  signup(input: SignupInput): Promise<User>;
  /** Confirm the mailed code; updates the stored user when signed in. */
  verify(email: string, code: string): Promise<{ verified: boolean }>;
  /** Mail a new verification code. */
  resendCode(email: string): Promise<void>;
  /** Sign out: clears the token and the user's data from Dexie (devices, settings, history, outbox). */
  logout(): Promise<void>;
  /** The VAPID public key to subscribe with (GET sessions/vapid); null when the server has push off. */
  pushVapidKey(): Promise<string | null>;
  /**
   * Create or update this browser's `sessions` record with a Web Push subscription, tied to the signed-in user
   * (id and one-time secret kept in settings.pushSession; sign-out detaches it).
   */
  savePushSubscription(subscription: PushSubscriptionJSON): Promise<void>;
  /** GET /config `firebase`: the FCM web config when the server offers FCM to browsers, else null. */
  pushFirebaseConfig(): Promise<FirebaseWebConfig | null>;
  /** Like savePushSubscription, with an FCM registration token (pushType 'firebase'). */
  saveFirebaseToken(token: string): Promise<void>;
  /** GET /config into settings.publicConfig (captcha, social sign-in); offline: the kept answer. */
  loadPublicConfig(): Promise<void>;
  /** Sign in with a token the server handed out by redirect (social sign-in: /login#access_token=…). */
  loginWithToken(accessToken: string): Promise<User>;
  /** Reload devices, last data and settings from the server (e.g. after the device list failed). */
  reload(): Promise<void>;
  /** Select the device the dashboard shows (watches it; manage mode watches all). */
  selectDevice(id: string | null, manage?: boolean): Promise<void>;
  /**
   * The stations the other tabs show (issue 32: one worker serves every tab of the browser): watched besides the
   * selected one; `manage`: some tab is in manage mode, watch every station. Sent by the leader tab.
   */
  watchTabs(devices: string[], manage: boolean): Promise<void>;
  addDevice(input: NewDeviceInput): Promise<Device>;
  /** Delete an owned device on the server and locally (online only; asks no confirmation). */
  removeDevice(id: string): Promise<void>;
  /** Forget a public device (spec §4: public ones only); selects the first device if it was selected. */
  forgetDevice(id: string): Promise<void>;
  /** Find a device by station ID (public/unlist/owned) and keep it in the list; rejects 'Device not found'. */
  lookupStation(wsid: string): Promise<Device>;
  /**
   * The public station page: find the station by station ID (signed in or not), keep it, watch it live and load
   * its last data and forecast; offline, the kept copy. Rejects 'Device not found' (404) for private or unknown IDs.
   */
  openStation(wsid: string): Promise<Device>;
  /** The plan of a station by its MAC into settings `devicePlan:<id>` (offline: the cached copy). */
  loadDevicePlan(device: string): Promise<DevicePlanView | null>;
  /** Make sure 5-minute (2 days) / daily (366 days) history covering [from, to] (unix s) is in Dexie. */
  ensureHistory(device: string, from: number, to: number): Promise<void>;
  /** Graph data for a period; cached in Dexie `series` so it works offline. */
  loadSeries(
    device: string,
    keys: string[],
    from: number,
    to: number,
    bucket: BucketRange,
  ): Promise<SeriesData>;
  /** Reload the forecast of a device into Dexie `forecasts` (also done hourly for the selected device). */
  loadForecast(device: string): Promise<void>;
  /** Reload a station's records into Dexie `records` (also when the station is opened). */
  loadRecords(device: string): Promise<void>;
  /**
   * A climate summary (issue 26) of a month (`YYYY-MM`) or a climate year (`YYYY`): the JSON answer or the NOAA
   * text. Kept in Dexie `settings`; offline (or when the call fails) the kept copy, null when there is none.
   */
  loadClimate(
    device: string,
    period: string,
    format: 'json' | 'noaa',
    options?: ClimateOptions,
  ): Promise<ClimateAnswer | string | null>;
  /** Send queued edits now (edits.ts calls it after each write); resolves with how many were sent. */
  flushOutbox(): Promise<number>;
  /**
   * Measuring hook of `npm run bench` (bench/browser.ts), not used by the app: times mergeRows of 2 days and
   * aggregateRows of 31 days of the device's 5-minute rows (→ 1 h, for `keys`) in this worker.
   */
  bench(device: string, keys: string[]): Promise<WorkerBench>;

  // Online-only account and station actions (workers/account.ts); offline they reject at once.
  /** users/password; rejects with the spec §5 message ('Fail to Change Password', …). */
  changePassword(input: { oldPassword: string; password: string; confirmPassword: string }): Promise<void>;
  /** Password reset: mail a code, check it, then set the new password. */
  requestReset(email: string): Promise<void>;
  verifyResetCode(email: string, code: string): Promise<void>;
  resetPassword(email: string, code: string, password: string): Promise<void>;
  /** users/me into settings.account (offline: the cached copy). */
  loadAccount(): Promise<AccountInfo | null>;
  /** The picture into settings.avatar (data URL). */
  loadAvatar(): Promise<string | null>;
  uploadAvatar(dataUrl: string): Promise<void>;
  /** Someone's picture as a data URL (null when none or not theirs to see), for the admin users table. */
  userPicture(userId: string): Promise<string | null>;
  removeAvatar(): Promise<void>;
  /** Delete the account (password required), then sign out and clear local data. */
  deleteAccount(password: string): Promise<void>;
  /** weatherServer view of an owned station into settings `weatherServer:<id>` (offline: the cached copy). */
  loadWeatherServer(device: string): Promise<WeatherServerView | null>;
  /** Gaps in a station's data over the last `days` (issue 27); online only. */
  loadStationGaps(device: string, days: number): Promise<GapReport>;
  /** The owner's neighbour check (issue 24); online only. */
  loadNeighbourHints(device: string): Promise<NeighbourAnswer>;
  /** A calibration re-applied to history from `from` (unix s): previewed, or applied by the owner; online only. */
  recalibrateHistory(device: string, key: string, from: number, apply: boolean): Promise<RecalibrationReport>;
  /** The values quality control left out, by day, with the gaps (issue 24); online only, for the owner. */
  loadQcFlags(device: string, days: number): Promise<QcAnswer>;
  /** Accept a flagged value (back into the data) or reject it; online only, for the owner. */
  decideQcFlag(id: string, status: 'accepted' | 'rejected'): Promise<QcFlag>;
  /** A station's edit log of corrections (issue 24); online only, for the owner. */
  loadCorrections(device: string): Promise<SampleCorrection[]>;
  /** A station's raw samples of [from, to) with each one's source (issue 24); online only, for the owner. */
  loadSourcedSamples(device: string, from: number, to: number): Promise<SourcedSample[]>;
  /** Draw a new station key; resolves with it. */
  regenerateStationKey(device: string): Promise<string>;
  /** The console's MAC and whether uploads may identify the station by it; rejects 409 for a claimed MAC. */
  setMacIdentification(device: string, input: { mac: string | null; macAuth: boolean }): Promise<Device>;
  /** Download an export (progress through the callback, a comlink proxy); cancelExport(id) aborts it. */
  exportData(
    id: string,
    req: ExportRequest,
    onProgress?: (received: number, total: number | null) => void,
  ): Promise<{ blob: Blob; name: string }>;
  cancelExport(id: string): Promise<void>;

  // History imports (issue 25; workers/imports.ts), owner only, online only.
  /** Streams a file to the server (progress through the callback, a comlink proxy); cancelImportUpload aborts. */
  uploadImportFile(
    id: string,
    file: Blob & { name?: string },
    onProgress?: (sent: number, total: number) => void,
  ): Promise<{ upload: string; name: string; size: number }>;
  cancelImportUpload(id: string): Promise<void>;
  /** The dry-run report, or a CSV's columns to map. */
  checkImport(req: ImportRequest): Promise<ImportAnswer>;
  /** Starts (or resumes) the import; its progress is in importJobs. */
  startImport(req: ImportRequest): Promise<ImportJob>;
  /** The station's imports, newest first. */
  importJobs(device: string): Promise<ImportJob[]>;
  importAction(job: string, action: 'cancel' | 'rollback'): Promise<ImportJob>;

  // Backfill from the vendors' clouds (issue 27; workers/backfill.ts), owner only, online only.
  /** The stored keys (secrets masked) and the station's backfills (with the running one's progress). */
  backfillState(device: string): Promise<BackfillState>;
  startBackfill(req: BackfillRequest): Promise<BackfillJob>;
  cancelBackfill(job: string): Promise<BackfillJob>;
  forgetBackfillKeys(device: string): Promise<void>;

  // Forwarding to weather networks (issue #17; workers/upload-targets.ts), owner only, online only but the load.
  /** The station's targets into Dexie `uploadTargets` (keys masked); kept live by the owner's events. */
  loadUploadTargets(device: string): Promise<void>;
  /** Adds (id null) or edits a target; an empty key in an edit keeps the stored key. */
  saveUploadTarget(id: string | null, input: TargetInput): Promise<UploadTarget>;
  setUploadTargetEnabled(id: string, enabled: boolean): Promise<UploadTarget>;
  removeUploadTarget(id: string): Promise<void>;
  /** Sends the newest sample now and answers the outcome. */
  testUploadTarget(id: string): Promise<UploadTargetTest>;
  /** The key itself (never stored on the device). */
  revealUploadTargetKey(id: string): Promise<string>;

  // The admin area (issue #15; workers/admin.ts), online only; answered to the page, never kept in Dexie.
  adminFind(path: AdminPath, query: Record<string, unknown>): Promise<ListPage<Record<string, unknown>>>;
  adminGet(path: AdminPath, id: string): Promise<Record<string, unknown>>;
  /** Creates (id null) or patches (plain fields, or $push/$set/$pull on a sub-list). */
  adminSave(
    path: AdminPath,
    id: string | null,
    data: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
  adminRemove(path: AdminPath, id: string): Promise<Record<string, unknown>>;
  /** Export a table (progress through the callback, a comlink proxy); cancelAdminExport(id) aborts it. */
  adminExport(
    id: string,
    req: AdminExportRequest,
    onProgress?: (rows: number, total: number | null) => void,
  ): Promise<{ blob: Blob; name: string }>;
  cancelAdminExport(id: string): Promise<void>;
  /** Ingest health's live rejections (a comlink proxy callback) until unwatchIngestHealth(id). */
  watchIngestHealth(id: string, onRejections: (rejections: IngestRejection[]) => void): Promise<void>;
  unwatchIngestHealth(id: string): Promise<void>;
  // Plans, orders and payments (issue #14; workers/orders.ts): lists into settings, the rest online only.
  /** The published plans into settings.plans. */
  loadPlans(): Promise<void>;
  /** The user's orders into settings.orders (kept live by the buyer's events). */
  loadOrders(): Promise<void>;
  /** One order into settings.orders; rejects 'The order cannot be found…' when it is not there. */
  loadOrder(id: string): Promise<Order>;
  createOrder(plan: string, devices: string[]): Promise<Order>;
  /** Starts or resumes paying an order (Stripe: client secret and publishable key; sandbox: test mode). */
  startPayment(order: string): Promise<PaymentStart>;
  /** Sandbox: pays with a card; rejects with the decline's message. */
  payWithCard(order: string, card: CardDetails): Promise<Order>;
  /** After Stripe's redirect: the server asks Stripe and answers the order. */
  checkPayment(order: string): Promise<Order>;
  /** Removes an order from the user's list. */
  removeOrder(id: string): Promise<void>;
}
