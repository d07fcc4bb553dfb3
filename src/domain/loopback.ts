// Whether a host name or address is this machine's loopback (issue 22): a console on the network cannot
// reach `localhost`, so the portal shows the machine's LAN addresses (or PUBLIC_HOST) instead.

/** localhost, *.localhost, 127.0.0.0/8, ::1 (bracketed or not), 0.0.0.0 and the IPv4-mapped loopback. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(h) ||
    h === '::1' ||
    h === '0:0:0:0:0:0:0:1' ||
    h === '0.0.0.0' ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(h)
  );
}
