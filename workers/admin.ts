// The admin area's calls (issue #15), online only (Connection.call waits for the socket, or fails as offline).
// Admin lists are other people's data: they are answered to the page and never kept in Dexie (nothing of them
// stays on the admin's device, and they are paged server lists that make no sense offline). The table export
// reads pages of 100 until a short page (spec §7) and writes XLSX (the shared streaming writer) or CSV with a
// byte-order mark, with progress and cancel.
import { ApiError } from '../src/bridge/errors';
import {
  EXPORT_PAGE_SIZE,
  exportCell,
  exportFileName,
  userPictureUrl,
  valueAt,
} from '../src/domain/adminTable';
import type { IngestRejection, ListPage } from '../src/domain/contract';
import { CSV_BOM, csvLine } from '../src/domain/csv';
import { IMAGE_ROW_PT, type XlsxCell, xlsxStream } from '../src/domain/xlsx';
import type { AdminExportRequest, AdminPath } from './api';
import type { Connection } from './connection';

export const ADMIN_PATHS: readonly AdminPath[] = [
  'admin/users',
  'admin/devices',
  'admin/ingestHealth',
  'subscriptionPlans',
  'orders',
];

type Row = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: one generic client for every admin list (typed at the API)
type AnyService = any;

function service(conn: Connection, path: string): AnyService {
  if (!(ADMIN_PATHS as readonly string[]).includes(path))
    throw new ApiError(`Not an admin list: ${path}`, 400);
  return conn.app.service(path as never);
}

/**
 * A find answer as a page (a bare list counts as one page of everything). Accounts carry their picture's URL
 * (`avatar`), as the server serves it, for the users table's picture column and its export.
 */
function asPage(conn: Connection, path: string, answer: Row[] | ListPage<Row>): ListPage<Row> {
  const page = Array.isArray(answer)
    ? { total: answer.length, limit: answer.length, skip: 0, data: answer }
    : answer;
  if (path !== 'admin/users') return page;
  return {
    ...page,
    data: page.data.map((r) => ({ ...r, avatar: userPictureUrl(conn.origin, String(r._id)) })),
  };
}

export async function adminFind(conn: Connection, path: AdminPath, query: Row): Promise<ListPage<Row>> {
  return asPage(conn, path, await conn.call(() => service(conn, path).find({ query })));
}

export async function adminGet(conn: Connection, path: AdminPath, id: string): Promise<Row> {
  return conn.call(() => service(conn, path).get(id));
}

export async function adminSave(
  conn: Connection,
  path: AdminPath,
  id: string | null,
  data: Row,
): Promise<Row> {
  return conn.call(() => (id ? service(conn, path).patch(id, data) : service(conn, path).create(data)));
}

export async function adminRemove(conn: Connection, path: AdminPath, id: string): Promise<Row> {
  return conn.call(() => service(conn, path).remove(id));
}

const running = new Map<string, AbortController>();

export function cancelAdminExport(id: string): void {
  running.get(id)?.abort();
  running.delete(id);
}

/**
 * Exports every row the query matches: pages of 100 ($skip, or $cursor where the answer gives one) until a short
 * page. `onProgress(rows, total)` after each page.
 */
export async function adminExport(
  conn: Connection,
  id: string,
  req: AdminExportRequest,
  onProgress?: (rows: number, total: number | null) => void,
): Promise<{ blob: Blob; name: string }> {
  const controller = new AbortController();
  running.get(id)?.abort();
  running.set(id, controller);
  const cancelled = () => new ApiError('Export cancelled', 499, 'Cancelled');
  try {
    const { $limit: _l, $skip: _s, $cursor: _c, ...query } = req.query;
    const rows: Row[] = [];
    let cursor: string | undefined;
    for (;;) {
      if (controller.signal.aborted) throw cancelled();
      const page = asPage(
        conn,
        req.path,
        await conn.call(() =>
          service(conn, req.path).find({
            query: {
              ...query,
              $limit: EXPORT_PAGE_SIZE,
              ...(cursor ? { $cursor: cursor } : { $skip: rows.length }),
            },
          }),
        ),
      );
      rows.push(...page.data);
      onProgress?.(rows.length, page.total);
      if (page.data.length < EXPORT_PAGE_SIZE) break;
      cursor = page.cursor;
    }
    if (controller.signal.aborted) throw cancelled();
    const header = req.columns.map((c) => c.label);
    const cells = rows.map((r) => req.columns.map((c) => exportCell(valueAt(r, c.key))));
    const name = exportFileName(req.fileBase, req.format, new Date());
    if (req.format === 'csv') {
      // Numeric-looking text is written as it is: a spreadsheet reads it as a number.
      const text =
        CSV_BOM +
        csvLine(header) +
        cells.map((r) => csvLine(r.map((v) => (v === null ? '' : String(v))))).join('');
      return { blob: new Blob([text], { type: 'text/csv;charset=utf-8' }), name };
    }
    const images = req.columns.some((c) => c.image);
    async function* all(): AsyncGenerator<XlsxCell[]> {
      yield header;
      yield* cells;
    }
    const parts: Uint8Array[] = [];
    for await (const chunk of xlsxStream(all(), req.sheetName ?? 'Sheet1', (_row, index) =>
      images && index > 1 ? IMAGE_ROW_PT : undefined,
    )) {
      if (controller.signal.aborted) throw cancelled();
      parts.push(chunk);
    }
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    return { blob: new Blob(parts as BlobPart[], { type }), name };
  } finally {
    if (running.get(id) === controller) running.delete(id);
  }
}

/** Live rejections of ingest health (admins' channel); resolves once listening. One listener per socket. */
const listeners = new Map<string, (rejections: IngestRejection[]) => void>();
const attached = new WeakSet<object>();

export function watchIngestHealth(
  conn: Connection,
  id: string,
  onRejections: (rejections: IngestRejection[]) => void,
): void {
  listeners.set(id, onRejections);
  const app = conn.app as unknown as object;
  if (attached.has(app)) return;
  attached.add(app);
  conn.app.service('admin/ingestHealth').on('created', (event: { rejections?: IngestRejection[] }) => {
    for (const listener of listeners.values()) listener(event.rejections ?? []);
  });
}

export function unwatchIngestHealth(id: string): void {
  listeners.delete(id);
}
