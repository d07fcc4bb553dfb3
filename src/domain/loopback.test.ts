import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback';

describe('isLoopbackHost', () => {
  it('knows the loopback names and addresses, in any case, bracketed or with a final dot', () => {
    for (const host of [
      'localhost',
      ' LocalHost ',
      'localhost.',
      'app.localhost',
      '127.0.0.1',
      '127.255.0.9',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '[0:0:0:0:0:0:0:1]',
      '0.0.0.0',
      '::ffff:127.0.0.1',
      '[::FFFF:127.1.2.3]',
      '::ffff:127.10.200.30',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
  });

  it('does not take other hosts for loopback', () => {
    for (const host of [
      '',
      'example.com',
      'localhost.example.com',
      'mylocalhost',
      '127.0.0',
      '127.0.0.1.5',
      '128.0.0.1',
      '1127.0.0.1',
      '127.0.0.1234',
      '192.168.1.2',
      '::2',
      '[::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1.1',
      'x::ffff:127.0.0.1',
      '0.0.0.1',
      'a0.0.0.0',
      'localhost[]',
      '[localhost].',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
