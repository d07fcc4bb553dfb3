// `npm run import -- --station <Station ID> [--dry-run] [--replace] <file>`: an operator's import of a history
// file, with DATABASE_URL and DATA_DIR as for `npm start` (the portal may be running). It prints the dry-run
// report, then imports (unless --dry-run). An import of this file that stopped half-way is resumed; --rollback
// undoes the imports of this file. Exit 0 when done, 1 with a message on failure, 2 on wrong usage.
//   --time-zone <IANA zone>   wall times in the file (default: the station's zone)
//   --units temp=F,wind=mph,pressure=inHg,rain=in   a Cumulus log's units (default: °C, m/s, hPa, mm)
//   --mapping <file.json>     a generic CSV: {"time": "col", "timeFormat": "iso|unix|local", "columns": {"col": {"key": "tempc0", "unit": "C"}}}
import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { storagePaths } from '../config';
import { openStorage } from '../storage/db';
import { migrate } from '../storage/migrate';
import { detect, isUnmapped } from './detect';
import { fileHash } from './file-hash';
import { formatReport } from './report';
import { ImportError, rollbackImport, runImport } from './run';
import type { CsvMapping, ReadOptions } from './types';

const USAGE =
  'Usage: npm run import -- --station <Station ID> [--dry-run] [--replace] [--rollback] [--time-zone <zone>] ' +
  '[--units temp=F,wind=mph,pressure=inHg,rain=in] [--mapping <mapping.json>] <file>   (DATA_DIR and DATABASE_URL as for npm start)';

class Usage extends Error {}

function args(argv: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        station: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        replace: { type: 'boolean', default: false },
        rollback: { type: 'boolean', default: false },
        'time-zone': { type: 'string' },
        units: { type: 'string' },
        mapping: { type: 'string' },
      },
    });
    if (!values.station || positionals.length !== 1) throw new Usage(USAGE);
    return { ...values, station: values.station, file: positionals[0] };
  } catch (error) {
    throw new Usage(error instanceof Usage ? error.message : `${(error as Error).message}\n${USAGE}`);
  }
}

function unitsOf(text: string | undefined): ReadOptions['units'] {
  if (!text) return undefined;
  const out: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const [k, v] = pair.split('=').map((s) => s.trim());
    if (!['temp', 'wind', 'pressure', 'rain'].includes(k) || !v)
      throw new Usage(`--units: ${pair}?\n${USAGE}`);
    out[k] = v;
  }
  return out;
}

export async function main(argv: string[], log = console.log): Promise<number> {
  const a = args(argv);
  const file = resolve(a.file);
  if (!existsSync(file)) throw new ImportError(`No file ${file}`);
  const { database } = storagePaths();
  const storage = await openStorage(database);
  try {
    await migrate(storage.knex);
    const device = await storage.knex('weatherDevices').where({ wsid: a.station }).first();
    if (!device) throw new ImportError(`No station with Station ID ${a.station}`);
    const hash = await fileHash(file);
    const unfinished = await storage
      .knex('importJobs')
      .where({ device: device._id, fileHash: hash })
      .orderBy('createdAt', 'desc')
      .first();
    if (a.rollback) {
      // Every import of this file not yet undone, newest first (a re-run that kept everything is one of them).
      const jobs = await storage
        .knex('importJobs')
        .where({ device: device._id, fileHash: hash })
        .whereNot({ status: 'rolledBack' })
        .orderBy('createdAt', 'desc')
        .select('_id');
      if (jobs.length === 0) throw new ImportError('No import of this file to roll back');
      for (const job of jobs) {
        const { chunks } = await rollbackImport(storage.knex, job._id);
        log(`Import ${job._id} rolled back (${chunks} chunks).`);
      }
      return 0;
    }
    const mapping = a.mapping ? (JSON.parse(readFileSync(a.mapping, 'utf8')) as CsvMapping) : undefined;
    const options: ReadOptions = {
      timeZone: a['time-zone'] ?? device.timezone ?? 'UTC',
      units: unitsOf(a.units),
      mapping,
    };
    const open = async () => {
      const d = await detect(file, options);
      if (isUnmapped(d))
        throw new ImportError(
          `This CSV needs a column mapping (--mapping); its columns: ${d.header.join(', ')}`,
        );
      return d;
    };
    const target = {
      _id: device._id,
      timezone: device.timezone ?? 'UTC',
      latitude: device.latitude,
      longitude: device.longitude,
    };
    const policy = a.replace ? 'replace' : 'keep';
    const reader = await open();
    const dry = await runImport(storage.knex, target, reader, {
      dryRun: true,
      policy,
      fileName: basename(file),
      fileHash: hash,
    });
    reader.close?.();
    log(formatReport(dry));
    if (a['dry-run']) return 0;
    const resume =
      unfinished && ['running', 'cancelled', 'failed'].includes(unfinished.status)
        ? unfinished._id
        : undefined;
    if (resume) log(`Resuming import ${resume} from row ${Number(unfinished.position) + 1}.`);
    const controller = new AbortController();
    const stop = () => controller.abort();
    process.once('SIGINT', stop);
    const again = await open();
    try {
      const report = await runImport(storage.knex, target, again, {
        dryRun: false,
        policy,
        fileName: basename(file),
        fileHash: hash,
        resume,
        signal: controller.signal,
        onProgress: (p) => {
          if (process.stderr.isTTY) process.stderr.write(`\r${p.rows} rows read, ${p.imported} imported`);
        },
      });
      if (report.status === 'cancelled')
        throw new ImportError(
          `Import ${report.job} stopped after ${report.imported} rows: run the same command again to resume, or add --rollback to undo it.`,
        );
      log(`Imported ${report.imported} rows, kept ${report.skipped} existing (import ${report.job}).`);
      return 0;
    } finally {
      again.close?.();
      process.off('SIGINT', stop);
    }
  } finally {
    await storage.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    console.error(
      error instanceof Usage ? error.message : `Import failed: ${(error as Error)?.message ?? error}`,
    );
    process.exitCode = error instanceof Usage ? 2 : 1;
  }
}
