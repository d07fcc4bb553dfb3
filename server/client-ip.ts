// The client's address behind TRUST_PROXY hops, for socket.io connections: the same rule Koa applies to REST
// (app.proxy + app.maxIpsCount): each proxy appends the address it was reached from, so the entry `hops` from
// the right was written by the outermost trusted proxy. Entries further left are the client's own claims.
export function forwardedIp(remote: string, header: string | string[] | undefined, hops: number): string {
  if (hops <= 0 || !header) return remote;
  const list = (Array.isArray(header) ? header.join(',') : header).split(',').map((s) => s.trim());
  return list.slice(-hops)[0] || remote;
}
