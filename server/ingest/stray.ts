// Requests under an upload prefix that match no upload endpoint. A console must never get the web app's HTML
// (a 200 it reads as "stored"): it gets a 404 in its own protocol's shape. Only a browser navigation (GET,
// Accept: text/html, no query string) goes on to the app.
import { replyFor, type UploadProtocol, type UploadReply } from './parsers';

/** Path prefixes consoles upload under. */
const PREFIXES = ['/data', '/weatherstation'];

function underPrefix(path: string): boolean {
  return PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

/** The protocol whose reply a stray request gets: by its path, else by its credentials' names. */
function protocolOf(path: string, query: URLSearchParams): UploadProtocol {
  if (path.startsWith('/weatherstation')) return 'wunderground';
  if (path.startsWith('/data/upload')) return 'wslink';
  if (path.startsWith('/data/report')) return 'ecowitt';
  if (query.has('wsid') || query.has('wspw')) return 'wslink';
  if (query.has('ID') || query.has('PASSWORD') || query.has('action')) return 'wunderground';
  return 'ecowitt';
}

/** The 404 for a request under an upload prefix that is not a navigation; null when the app should answer. */
export function strayUploadReply(
  method: string,
  path: string,
  querystring: string,
  accept: string,
): UploadReply | null {
  if (!underPrefix(path)) return null;
  const navigation = method === 'GET' && querystring === '' && /text\/html/i.test(accept);
  if (navigation) return null;
  return replyFor(protocolOf(path, new URLSearchParams(querystring)), 'notFound');
}
