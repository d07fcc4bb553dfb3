// Sessions end everywhere (issue #20): a logout (REST or socket), a password change or reset, an admin disabling
// the account and an account deletion end the sockets signed in with the tokens concerned, on every process.
//
// How: the change is announced as the `ended` event of the internal service `sessionEnds` (no wire methods). With
// REDIS_URL the cluster's event bus (realtime/sync.ts, feathers-sync) carries service events to every process;
// alone, it is an ordinary event. Each process keeps its signed-in socket connections with their token's user,
// id (jti) and session version (sv), and ends the matching ones as a logout ends its own socket: it leaves every
// channel, so no private event (live samples, station records
// with their key) reaches it again, and loses its user and token, so its next call is a 401 and the client
// signs out.
//
// When the bus is down (or an announcement was lost), every process checks its connections against the
// database every SESSION_CHECK_SECONDS (default 5) and at once when the bus comes back: one query for the
// users, one for the revoked token ids, whatever the number of sockets.
import type { RealTimeConnection } from '@feathersjs/feathers';
import type { Application } from '../declarations';

export interface SessionEnd {
  user: string;
  /** One token ended (logout). */
  jti?: string;
  /** Every token older than this session version ended (password change or reset). */
  version?: number;
  /** Every token of the user ended (disabled, deleted). */
  all?: boolean;
}

interface Signed {
  user: string;
  jti: string | null;
  sv: number;
}

const PATH = 'sessionEnds';
const CHUNK = 500;

/** The claims of a token that was verified when the connection signed in. */
function claims(accessToken: unknown): { jti: string | null; sv: number } {
  try {
    const payload = JSON.parse(Buffer.from(String(accessToken).split('.')[1] ?? '', 'base64url').toString());
    return { jti: typeof payload.jti === 'string' ? payload.jti : null, sv: Number(payload.sv ?? 0) || 0 };
  } catch {
    return { jti: null, sv: 0 };
  }
}

/** Announces a session end to every process (this one included). */
export function announceSessionEnd(app: Application, end: SessionEnd): void {
  (app.service(PATH as never) as unknown as NodeJS.EventEmitter).emit('ended', end);
}

export interface SessionEnds {
  /** Checks every signed-in connection of this process against the database now. */
  check(): Promise<void>;
  close(): void;
}

export function sessionEnds(app: Application): SessionEnds {
  const signed = new Map<RealTimeConnection, Signed>();

  app.on('login', (result: { user?: { _id: string }; accessToken?: string }, { connection }) => {
    if (!connection || !result.user || !result.accessToken) return;
    signed.set(connection, { user: String(result.user._id), ...claims(result.accessToken) });
  });
  app.on('logout', (_r: unknown, { connection }: { connection?: RealTimeConnection }) => {
    if (connection) signed.delete(connection);
  });
  app.on('disconnect', (connection: RealTimeConnection) => signed.delete(connection));

  const end = (connection: RealTimeConnection) => {
    signed.delete(connection);
    // What a logout does to its own socket, without closing it (Feathers' `disconnect` event would close it, and
    // the client does not reconnect a socket the server closed): it leaves every channel and forgets its user and
    // token, so its calls are anonymous from now on.
    if (app.channels.length > 0) app.channel(app.channels).leave(connection);
    delete connection.user;
    delete connection.authentication;
  };

  const ended = (data: SessionEnd) => {
    if (!data || typeof data.user !== 'string') return;
    // Caches of this process behind a token: the user (and its version) and "this jti is not revoked".
    app.emit('usersChanged', data.user);
    if (data.jti) app.emit('tokenRevoked', data.jti);
    for (const [connection, s] of [...signed]) {
      if (s.user !== data.user) continue;
      if (data.all || (data.jti && s.jti === data.jti) || (data.version !== undefined && s.sv < data.version))
        end(connection);
    }
  };
  app.use(PATH as never, { async setup() {} } as never, { methods: [], events: ['ended'] } as never);
  (app.service(PATH as never) as unknown as NodeJS.EventEmitter).on('ended', ended);

  const check = async () => {
    if (signed.size === 0) return;
    const entries = [...signed];
    const knex = app.ctx.storage.knex;
    const users = [...new Set(entries.map(([, s]) => s.user))];
    const jtis = [...new Set(entries.map(([, s]) => s.jti).filter((j): j is string => !!j))];
    const state = new Map<string, { sv: number; disabled: boolean }>();
    for (let i = 0; i < users.length; i += CHUNK)
      for (const row of await knex('users')
        .whereIn('_id', users.slice(i, i + CHUNK))
        .select('_id', 'sessionVersion', 'disabled'))
        state.set(row._id, { sv: Number(row.sessionVersion ?? 0), disabled: Boolean(row.disabled) });
    const revoked = new Set<string>();
    for (let i = 0; i < jtis.length; i += CHUNK)
      for (const row of await knex('revokedTokens')
        .whereIn('jti', jtis.slice(i, i + CHUNK))
        .select('jti'))
        revoked.add(row.jti);
    for (const [connection, s] of entries) {
      if (signed.get(connection) !== s) continue; // signed out or in again meanwhile
      const user = state.get(s.user);
      if (!user || user.disabled || s.sv !== user.sv || (s.jti && revoked.has(s.jti))) {
        if (user) app.emit('usersChanged', s.user);
        end(connection);
      }
    }
  };
  const every = (app.ctx.config.sessionCheckSeconds ?? 5) * 1000;
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= check()
      .catch((error) => app.ctx.log.error('session check failed', error))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = every > 0 ? setInterval(run, every) : null;
  timer?.unref();
  return {
    check: run,
    close: () => {
      if (timer) clearInterval(timer);
    },
  };
}
