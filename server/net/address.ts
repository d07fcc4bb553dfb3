// Which IP addresses the server may connect to on a user's behalf (issue #20, SSRF). Pure: no DNS, no sockets,
// so every rule is tested directly (address.test.ts). guarded.ts applies it to every address a connection to a
// user-given URL would use, after resolving the name itself.
//
// Odd notations never reach here as such: URL parsing turns `127.1`, `2130706433` and `0x7f000001` into
// `127.0.0.1` (hostOf), and IPv6 is read group by group, so `::ffff:7f00:1` is the IPv4-mapped 127.0.0.1.
import { isIPv4, isIPv6 } from 'node:net';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'link-local'
  | 'ula'
  | 'unspecified'
  | 'multicast'
  | 'reserved';

/** The classes FORWARD_ALLOW_PRIVATE=on opens: a home network and the host itself. Link-local stays shut
 *  (cloud metadata services live at 169.254.169.254), and so do addresses no one can serve from. */
const HOME: ReadonlySet<AddressClass> = new Set(['loopback', 'private', 'cgnat', 'ula']);

/** Whether a connection to `ip` is allowed (`allowPrivate`: the operator's opt-in for a home network). */
export function addressAllowed(ip: string, allowPrivate: boolean): boolean {
  const kind = classifyAddress(ip);
  return kind === 'public' || (allowPrivate && HOME.has(kind));
}

// [first address as a number, prefix length, class]; checked in order, the first match wins.
const V4: [number, number, AddressClass][] = [
  [v4('0.0.0.0'), 8, 'unspecified'], // "this network": 0.0.0.0 connects to the host itself
  [v4('10.0.0.0'), 8, 'private'],
  [v4('100.64.0.0'), 10, 'cgnat'],
  [v4('127.0.0.0'), 8, 'loopback'],
  [v4('169.254.0.0'), 16, 'link-local'],
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.0.0.0'), 24, 'reserved'], // IETF protocol assignments
  [v4('192.0.2.0'), 24, 'reserved'], // documentation
  [v4('192.88.99.0'), 24, 'reserved'], // 6to4 relay anycast
  [v4('192.168.0.0'), 16, 'private'],
  [v4('198.18.0.0'), 15, 'reserved'], // benchmarking
  [v4('198.51.100.0'), 24, 'reserved'],
  [v4('203.0.113.0'), 24, 'reserved'],
  [v4('224.0.0.0'), 4, 'multicast'],
  [v4('240.0.0.0'), 4, 'reserved'], // and 255.255.255.255, the broadcast
];

function v4(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function classifyV4(n: number): AddressClass {
  for (const [base, bits, kind] of V4) {
    const size = 2 ** (32 - bits);
    if (n >= base && n < base + size) return kind;
  }
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part read as two groups). */
function groups(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0]; // a zone (fe80::1%eth0) does not change the class
  const tail: number[] = [];
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const n = v4(dotted[2]);
    tail.push(Math.floor(n / 65536), n % 65536);
    text = dotted[1].endsWith('::') ? dotted[1] : dotted[1].slice(0, -1);
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, null];
  const part = (s: string) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = [...part(rest ?? ''), ...tail];
  const fill = rest === null ? [] : new Array(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

function classifyV6(ip: string): AddressClass {
  const g = groups(ip);
  const embedded = () => classifyV4(g[6] * 65536 + g[7]);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-compatible ::a.b.c.d: the IPv4 address is what is reached.
  if (zeros(0, 5) && g[5] === 0xffff) return embedded();
  if (zeros(0, 6)) return embedded();
  // NAT64 (64:ff9b::/96) reaches the embedded IPv4 address too, and 6to4 (2002::/16) the one in bits 16–47.
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return embedded();
  if (g[0] === 0x2002) return classifyV4(g[1] * 65536 + g[2]);
  if ((g[0] & 0xfe00) === 0xfc00) return 'ula';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0] & 0xffc0) === 0xfec0) return 'private'; // site-local (deprecated, still routed inside sites)
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  if (g[0] === 0x2001 && g[1] === 0xdb8) return 'reserved'; // documentation
  if (g[0] === 0x100 && zeros(1, 4)) return 'reserved'; // discard prefix
  return 'public';
}

/** The class of an IP address in its usual text form; anything that is not one is 'reserved' (refused). */
export function classifyAddress(ip: string): AddressClass {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (isIPv4(bare)) return classifyV4(v4(bare));
  if (isIPv6(bare)) return classifyV6(bare);
  return 'reserved';
}

/** The host a URL connects to, as WHATWG URL parsing normalises it (IPv4 in any notation → dotted quad, IPv6
 *  without brackets); null when `url` is not an http(s) URL. */
export function hostOf(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const host = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
  return host.replace(/\.$/, '').toLowerCase();
}

/** Names that are the host itself whatever DNS says (RFC 6761), refused before any lookup. */
export function isLocalName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === 'localhost.localdomain';
}
