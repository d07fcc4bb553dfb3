import { describe, expect, test } from 'vitest';
import { relayCommand } from './relay';

describe('relayCommand', () => {
  test('names the portal, the port and the queue', () => {
    expect(relayCommand('https://weather.example.org')).toBe(
      'npm run relay -- --portal https://weather.example.org --listen 8080 --queue /var/lib/weather-relay',
    );
    expect(relayCommand('http://192.168.1.20:3030', 8000, '/srv/relay')).toBe(
      'npm run relay -- --portal http://192.168.1.20:3030 --listen 8000 --queue /srv/relay',
    );
  });

  test('quotes what the shell would split or expand', () => {
    expect(relayCommand('https://x.example/a b', 8080, "/home/o'neil/q")).toBe(
      "npm run relay -- --portal 'https://x.example/a b' --listen 8080 --queue '/home/o'\\''neil/q'",
    );
  });
});
