// PostgreSQL dumps of the portal's schema with the engine's own tools: pg_dump (a consistent snapshot of a
// running database, taken in one transaction) writes plain SQL of one schema; psql loads it back in one
// transaction, into the schema the portal's DATABASE_URL names (`?schema=…`, else `public`), renaming the dumped
// schema when they differ. Credentials go to the tools through the environment (PGPASSWORD…), never on a command
// line another user could read.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import pg from 'pg';

export interface PgTarget {
  /** The connection without the portal's own `schema` parameter (libpq does not know it). */
  connection: string;
  schema: string;
  /** libpq's variables for pg_dump and psql. */
  env: NodeJS.ProcessEnv;
}

const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

export function pgTarget(databaseUrl: string): PgTarget {
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get('schema') ?? 'public';
  if (!SCHEMA.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  url.searchParams.delete('schema');
  const env: NodeJS.ProcessEnv = {
    PGHOST: decodeURIComponent(url.hostname.replace(/^\[|\]$/g, '')) || 'localhost',
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres',
    ...(url.username ? { PGUSER: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
    ...(url.searchParams.get('sslmode') ? { PGSSLMODE: url.searchParams.get('sslmode') as string } : {}),
  };
  return { connection: url.toString(), schema, env };
}

/** Runs one of PostgreSQL's client tools; fails with its own message (or how to install it). */
async function run(
  tool: string,
  args: string[],
  target: PgTarget,
  stdin?: (input: NodeJS.WritableStream) => Promise<void>,
) {
  const child = spawn(tool, args, {
    env: { ...process.env, ...target.env },
    stdio: [stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-8000);
  });
  const exited = once(child, 'close').catch(() => [null]);
  const spawned = once(child, 'spawn').then(
    () => null,
    (error: NodeJS.ErrnoException) => error,
  );
  const failedToStart = await spawned;
  if (failedToStart)
    throw new Error(
      failedToStart.code === 'ENOENT'
        ? `${tool} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client), ` +
            "of the server's major version or newer"
        : `${tool} could not start: ${failedToStart.message}`,
    );
  if (stdin) {
    try {
      await stdin(child.stdin!);
    } catch (error) {
      child.kill();
      await exited;
      throw error;
    }
    child.stdin!.end();
  }
  const [code] = await exited;
  if (code !== 0) throw new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`);
}

/** pg_dump of the portal's schema, as plain SQL, to `file`. */
export async function dumpSchema(target: PgTarget, file: string): Promise<void> {
  await run(
    'pg_dump',
    ['--schema', target.schema, '--no-owner', '--no-privileges', '--format', 'plain', '--file', file],
    target,
  );
}

/** Tables, views and sequences in the target schema (0: empty or missing), and whether the schema exists. */
export async function schemaContents(
  target: PgTarget,
  schema = target.schema,
): Promise<{ exists: boolean; relations: number }> {
  const client = new pg.Client({ connectionString: target.connection });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    const relations = await client.query(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')`,
      [schema],
    );
    return { exists: (exists.rowCount ?? 0) > 0, relations: relations.rows[0].n };
  } finally {
    await client.end();
  }
}

/** The schema a plain pg_dump of one schema created (its `CREATE SCHEMA` line). */
export async function dumpedSchema(file: string): Promise<string> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of lines) {
      const m = /^CREATE SCHEMA ([a-z_][a-z0-9_]*);$/.exec(line);
      if (m) return m[1];
      if (/^(CREATE TABLE|COPY) /.test(line)) break;
    }
  } finally {
    lines.close();
  }
  throw new Error('Not a pg_dump of one schema (no CREATE SCHEMA before the tables)');
}

/**
 * Loads a plain pg_dump of one schema into the target schema, in one transaction: the target must be empty
 * (checked by the caller; a table in it makes the load fail and change nothing). The dump's own CREATE SCHEMA
 * and COMMENT ON SCHEMA lines are left out (the schema may exist, empty), COPY data passed through untouched.
 */
export async function loadDump(target: PgTarget, file: string): Promise<void> {
  const from = await dumpedSchema(file);
  if (from !== target.schema) {
    const other = await schemaContents(target, from);
    if (other.relations > 0)
      throw new Error(
        `This database already has a schema ${from} with tables (the one the backup was taken from?): restore ` +
          `into another database, or set DATABASE_URL's ?schema=${from} to restore into it if it is empty`,
      );
  }
  const quote = (s: string) => `"${s}"`;
  await run(
    'psql',
    ['--no-psqlrc', '--quiet', '--single-transaction', '-v', 'ON_ERROR_STOP=1', '--file', '-'],
    target,
    async (input) => {
      const write = async (text: string) => {
        if (!input.write(text)) await once(input, 'drain');
      };
      await write(`CREATE SCHEMA IF NOT EXISTS ${quote(from)};\n`);
      const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
      let copying = false;
      for await (const line of lines) {
        if (copying) {
          if (line === '\\.') copying = false;
        } else if (/^COPY .* FROM stdin;$/.test(line)) copying = true;
        else if (line === `CREATE SCHEMA ${from};` || line.startsWith(`COMMENT ON SCHEMA ${from} IS `))
          continue;
        await write(`${line}\n`);
      }
      if (from !== target.schema)
        await write(
          `DROP SCHEMA IF EXISTS ${quote(target.schema)};\nALTER SCHEMA ${quote(from)} RENAME TO ${quote(target.schema)};\n`,
        );
    },
  );
}
