// A lazy chunk that fails to load usually means a new deploy replaced it: reload once, at most once a minute
// (spec §8, §9 "Chunk-reload guard 60 s"), so a real outage cannot loop.
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const KEY = 'chunkReloadAt';

export function isChunkLoadError(err: unknown): boolean {
  const text = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError|Loading chunk|module script/i.test(
    text,
  );
}

/** Reloads the page when allowed; returns whether it did. */
export function reloadForChunkError(
  now = Date.now(),
  storage: Storage = localStorage,
  reload = () => location.reload(),
) {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}
