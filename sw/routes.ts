// Which navigations the app shell answers (index.html from the precache) and which go to the network: the API
// (same origin: REST paths = service paths, socket.io), station uploads, and static files.

import { isServerPath } from '../src/domain/serverRoots';

/** Navigations under the server's own roots go to the network (src/domain/serverRoots.ts, declared once). */
export { isServerPath };

/** Runtime-cached (CacheFirst): avatars and the help pages' static assets. */
export const isAvatar = (url: URL): boolean => url.pathname.startsWith('/users/pic/');
export const isHelpAsset = (url: URL): boolean =>
  url.pathname.startsWith('/help/') && isServerPath(url.pathname);

/**
 * Built files with a content hash in their name (/assets/name-HASH.ext): never change, so cache-first is safe. The
 * precache holds what every first load needs; the rest (the language catalogues, the non-Latin font subsets)
 * lands in the runtime cache on first use (issue 32: a lean precache).
 */
export const isHashedAsset = (url: URL): boolean =>
  /^\/assets\/[^/]+-[\w-]{8}\.[a-z0-9]+$/i.test(url.pathname);

/** Same-origin hashed assets among URLs the page loaded (Resource Timing names), for the runtime cache. */
export function hashedAssetUrls(urls: readonly string[], origin: string): string[] {
  const out = new Set<string>();
  for (const u of urls) {
    let url: URL;
    try {
      url = new URL(u, origin);
    } catch {
      continue;
    }
    if (url.origin === origin && isHashedAsset(url)) out.add(url.origin + url.pathname);
  }
  return [...out];
}
