// History imports (issue 25; server/services/imports): the file goes up from here, not from the page, streamed by
// the browser from disk (XMLHttpRequest sends a File without reading it into memory, and reports the upload's
// progress, which fetch cannot); the dry run, start, progress, cancel and undo are service calls. Online only.
import { ApiError } from '../src/bridge/errors';
import { getAuth } from '../src/db/authStorage';
import { coded, ERRORS } from '../src/domain/errors';
import type { ImportAnswer, ImportJob, ImportRequest } from '../src/domain/imports';
import type { Connection } from './connection';

/** Uploads in flight, to abort. */
const uploads = new Map<string, XMLHttpRequest>();

export async function uploadImportFile(
  conn: Connection,
  id: string,
  file: Blob & { name?: string },
  onProgress?: (sent: number, total: number) => void,
): Promise<{ upload: string; name: string; size: number }> {
  await conn.whenConnected();
  const auth = await getAuth(conn.db);
  if (!auth?.accessToken)
    throw new ApiError(ERRORS.notAuthenticated, 401, 'NotAuthenticated', coded('notAuthenticated'));
  const xhr = new XMLHttpRequest();
  uploads.set(id, xhr);
  try {
    return await new Promise((resolve, reject) => {
      xhr.open('POST', `${conn.origin}/imports/upload?name=${encodeURIComponent(file.name ?? 'upload')}`);
      xhr.setRequestHeader('Authorization', `Bearer ${auth.accessToken}`);
      xhr.setRequestHeader('Content-Type', 'application/octet-stream');
      xhr.upload.onprogress = (e) => onProgress?.(e.loaded, e.total || file.size);
      xhr.onload = () => {
        let body: { message?: string } & Record<string, unknown> = {};
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          // A proxy's page: the status text stands.
        }
        if (xhr.status >= 200 && xhr.status < 300)
          resolve(body as { upload: string; name: string; size: number });
        else reject(new ApiError(body.message || xhr.statusText || `HTTP ${xhr.status}`, xhr.status));
      };
      xhr.onerror = () => reject(new ApiError(ERRORS.offline, 0, 'Offline', coded('offline')));
      xhr.onabort = () =>
        reject(new ApiError(ERRORS.uploadCancelled, 499, 'Cancelled', coded('uploadCancelled')));
      xhr.send(file);
    });
  } finally {
    uploads.delete(id);
  }
}

export function cancelImportUpload(id: string): void {
  uploads.get(id)?.abort();
}

export async function checkImport(conn: Connection, req: ImportRequest): Promise<ImportAnswer> {
  return conn.create('imports', { ...req, dryRun: true });
}

export async function startImport(conn: Connection, req: ImportRequest): Promise<ImportJob> {
  const answer = await conn.create('imports', { ...req, dryRun: false });
  if (!answer.job)
    throw new ApiError(ERRORS.importNotStarted, 500, 'GeneralError', coded('importNotStarted'));
  return answer.job;
}

export async function importJobs(conn: Connection, device: string): Promise<ImportJob[]> {
  return conn.find('imports', { device });
}

export async function importAction(
  conn: Connection,
  job: string,
  action: 'cancel' | 'rollback',
): Promise<ImportJob> {
  return conn.patch('imports', job, { action });
}
