// Small helpers of the worker modules.

/** A Feathers find answer as an array, paginated or not. */
export function asList<T>(answer: T[] | { data: T[] } | null | undefined): T[] {
  if (!answer) return [];
  return Array.isArray(answer) ? answer : (answer.data ?? []);
}

/** Run `fn` over items with at most `limit` in flight (don't flood the socket with one call per device). */
export async function eachLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const item = items[next++];
      try {
        await fn(item);
      } catch (e) {
        console.warn('[worker]', e);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** A failure of background work: logged with what was being done, never thrown at nobody. */
export const logFailure =
  (what: string, ...context: unknown[]) =>
  (e: unknown): void => {
    console.warn(`[worker] ${what}`, ...context, e);
  };
