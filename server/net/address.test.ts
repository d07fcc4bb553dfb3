// The SSRF address rule (issue #20): every form of loopback, private, link-local, CGNAT, ULA, unspecified,
// multicast and reserved addresses is refused, IPv4-mapped and other IPv6 forms that embed them too, and odd
// IPv4 notations are normalised by URL parsing before the check; FORWARD_ALLOW_PRIVATE opens only a home network.
import { describe, expect, test } from 'vitest';
import { addressAllowed, classifyAddress, hostOf, isLocalName } from './address';

describe('classifyAddress', () => {
  test.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fd00::1', 'ula'],
    ['fc00::', 'ula'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['2001:db8::1', 'reserved'],
    // IPv4-mapped, -compatible, NAT64 and 6to4 forms reach the embedded IPv4 address.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['[::1]', 'loopback'],
    // Public.
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
    ['2606:4700::6810:85e5', 'public'],
    // Not an address at all: refused.
    ['localhost', 'reserved'],
    ['', 'reserved'],
  ])('%s is %s', (ip, kind) => {
    expect(classifyAddress(ip)).toBe(kind);
  });
});

describe('addressAllowed', () => {
  test('only public addresses by default', () => {
    expect(addressAllowed('93.184.215.14', false)).toBe(true);
    for (const ip of ['127.0.0.1', '10.0.0.1', '192.168.0.10', '100.64.1.1', 'fd12::1', '169.254.169.254'])
      expect(addressAllowed(ip, false), ip).toBe(false);
  });

  test('FORWARD_ALLOW_PRIVATE opens loopback, private, CGNAT and ULA, never link-local or multicast', () => {
    for (const ip of ['127.0.0.1', '::1', '10.0.0.1', '192.168.0.10', '100.64.1.1', 'fd12::1', '8.8.8.8'])
      expect(addressAllowed(ip, true), ip).toBe(true);
    for (const ip of ['169.254.169.254', 'fe80::1', '0.0.0.0', '::', '224.0.0.1', '255.255.255.255'])
      expect(addressAllowed(ip, true), ip).toBe(false);
  });
});

describe('hostOf', () => {
  test('odd IPv4 notations become the dotted quad they are', () => {
    expect(hostOf('http://127.1/')).toBe('127.0.0.1');
    expect(hostOf('http://2130706433/')).toBe('127.0.0.1');
    expect(hostOf('http://0x7f000001/')).toBe('127.0.0.1');
    expect(hostOf('http://0177.0.0.1/')).toBe('127.0.0.1');
    expect(hostOf('http://0x7f.1/')).toBe('127.0.0.1');
    expect(hostOf('http://[::ffff:127.0.0.1]:8080/x')).toBe('::ffff:7f00:1');
    expect(hostOf('https://Example.COM./a')).toBe('example.com');
  });

  test('only http(s) URLs have a host here', () => {
    expect(hostOf('ftp://example.com/')).toBeNull();
    expect(hostOf('file:///etc/passwd')).toBeNull();
    expect(hostOf('not a url')).toBeNull();
  });

  test('names of the host itself', () => {
    for (const name of ['localhost', 'LOCALHOST.', 'portal.localhost', 'localhost.localdomain'])
      expect(isLocalName(name), name).toBe(true);
    expect(isLocalName('localhost.example.com')).toBe(false);
  });
});
