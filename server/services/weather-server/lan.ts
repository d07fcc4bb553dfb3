// The machine's LAN addresses (issue 22): what a console on the network can upload to when the owner opened
// the portal as `localhost`. IPv4 only (consoles take an IPv4 address or a name), without loopback and
// link-local addresses; home-network ranges first (192.168/16, then 10/8, then 172.16/12, where container
// bridges usually sit), so the first is the likeliest.
import { networkInterfaces } from 'node:os';

type Interfaces = ReturnType<typeof networkInterfaces>;

function rank(address: string): number {
  if (address.startsWith('192.168.')) return 0;
  if (address.startsWith('10.')) return 1;
  if (/^172\.(1[6-9]|2\d|3[01])\./.test(address)) return 2;
  return 3;
}

export function lanAddresses(interfaces: Interfaces = networkInterfaces()): string[] {
  const out = new Set<string>();
  for (const list of Object.values(interfaces))
    for (const i of list ?? [])
      if (i.family === 'IPv4' && !i.internal && !i.address.startsWith('169.254.')) out.add(i.address);
  return [...out].sort((a, b) => rank(a) - rank(b));
}
