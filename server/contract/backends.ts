// The backend the contract suite runs against, behind one small driver: the real server in-process (SQLite in
// memory, or PostgreSQL under `npm run test:pg`), uploads through WSLink.

import { applyAdminEmails } from '../services/admin/admin-emails';
import { devicePlanService } from '../services/subscriptions/device-plans.class';
import { call, lastCode, startServer, type TestServer, wslink } from '../testing/server';

export interface Station {
  _id: string;
  wsid: string;
  stationKey: string;
}

export interface Account {
  token: string;
  email: string;
  user: { _id: string };
}

export interface Backend {
  base: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Signs up over REST, verifies with the mailed code, logs in. */
  signUpAndLogIn(): Promise<Account>;
  createStation(token: string, data?: Record<string, unknown>): Promise<Station>;
  /** One upload of catalogue keys in base units, at `time` (unix s, default now); the station is in UTC. */
  upload(station: Station, values: Record<string, number>, time?: number): Promise<void>;
  /** Gives the station with this MAC the named plan, as a payment will (the server's grant()). */
  grantPlan(mac: string, planName: string, user: string): Promise<void>;
  /**
   * Writes what the backend holds in memory: the server keeps a station's lastUpload exact in memory and writes
   * it to the table every few seconds, and list reads (admin/devices, ingest health) read the table.
   */
  persist(): Promise<void>;
  /** Gives the account a role, as ADMIN_EMAILS or the admin users screen does (users.isAdmin + adminType). */
  makeAdmin(account: Account, adminType?: 'admin' | 'editor'): Promise<void>;
}

let accounts = 0;

async function signUp(base: string, codeFor: (email: string) => string): Promise<Account> {
  const email = `contract${++accounts}-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const made = await call(base, 'POST', '/users', { body: { email, password, termsAccepted: true } });
  if (made.status !== 201) throw new Error(`signup failed: ${JSON.stringify(made.body)}`);
  const verified = await call(base, 'POST', '/users/verify', { body: { email, code: codeFor(email) } });
  if (verified.status !== 201) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  const auth = await call(base, 'POST', '/authentication', { body: { strategy: 'local', email, password } });
  if (auth.status !== 201) throw new Error(`login failed: ${JSON.stringify(auth.body)}`);
  return { token: auth.body.accessToken, email, user: auth.body.user };
}

async function createStation(
  base: string,
  token: string,
  data: Record<string, unknown> = {},
): Promise<Station> {
  const res = await call(base, 'POST', '/weatherDevices', {
    token,
    body: { name: 'Garden', timezone: 'UTC', ...data },
  });
  if (res.status !== 201) throw new Error(`station create failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Catalogue keys → WSLink fields (metric units, so no conversion). */
const WSLINK: Record<string, string> = {
  tempc0: 't1tem',
  humc0: 't1hum',
  relbaro: 'rbar',
  absbaro: 'abar',
  tempin: 'intem',
  humin: 'inhum',
  windspd: 't1ws',
  gust: 't1wgust',
  winddir: 't1wdir',
  rainrate: 't1rainra',
  dailyrain: 't1raindy',
};

const wallTime = (t: number) => new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' ');

export function realBackend(): Backend {
  let t: TestServer;
  return {
    base: '',
    async start() {
      t = await startServer();
      this.base = t.url;
    },
    stop: () => t.close(),
    signUpAndLogIn() {
      return signUp(t.url, (email) => lastCode(t, email));
    },
    createStation(token, data) {
      return createStation(t.url, token, data);
    },
    async upload(station, values, time) {
      const fields: Record<string, string | number> = {};
      for (const [key, v] of Object.entries(values)) {
        if (!WSLINK[key]) throw new Error(`no WSLink field for ${key}`);
        fields[WSLINK[key]] = v;
      }
      if (time !== undefined) fields.datetime = wallTime(time);
      const res = await wslink(t, station, fields);
      if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${res.body}`);
    },
    async grantPlan(mac, planName, user) {
      const knex = t.server.app.ctx.storage.knex;
      const plan = await knex('subscriptionPlans').where({ name: planName }).first();
      // As an order does: for the buyer's station with that MAC.
      const station = await knex('weatherDevices').where({ mac, user }).first('_id');
      await devicePlanService(t.server.app).grant(mac, plan._id, user, Date.now(), station?._id ?? null);
    },
    persist: () => t.server.app.ctx.samples.flush(),
    async makeAdmin(account, adminType = 'admin') {
      const knex = t.server.app.ctx.storage.knex;
      // An admin the way start-up makes one (ADMIN_EMAILS); an editor as the users screen gives the role.
      if (adminType === 'admin') await applyAdminEmails(knex, [account.email]);
      else await knex('users').where({ _id: account.user._id }).update({ isAdmin: true, adminType });
    },
  };
}
