// Background Sync `outbox`: replay queued edits with the stored token through the REST caller (same
// Idempotency-Key as the worker would send, so an edit sent twice is applied once).
import { applyAnswer } from '../src/db/apply';
import { getAuth } from '../src/db/authStorage';
import { flushOutbox, restSender } from '../src/db/outbox';
import type { PortalDb } from '../src/db/schema';

export async function replayOutbox(db: PortalDb, origin: string, fetchImpl?: typeof fetch): Promise<number> {
  const auth = await getAuth(db);
  if (!auth?.accessToken) return 0; // signed out: nothing may be sent; the page will sign in again
  const result = await flushOutbox(db, {
    send: restSender(async () => ({ origin, accessToken: auth.accessToken, fetch: fetchImpl })),
    onSent: (row, answer) => applyAnswer(db, row.service, answer, row.method),
  });
  // Throwing makes the browser retry the sync later (with its own backoff).
  if (result.error) throw new Error(`outbox: ${result.remaining} left (${result.error.message})`);
  return result.sent;
}
