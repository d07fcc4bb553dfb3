import { describe, expect, it } from 'vitest';
import { isServerPath, rootOf, SERVER_ROOTS } from './serverRoots';

describe('rootOf', () => {
  it('is the first segment, leading slashes skipped', () => {
    expect(rootOf('/weatherDevices/climate')).toBe('weatherDevices');
    expect(rootOf('//data/report/')).toBe('data');
    expect(rootOf('healthz')).toBe('healthz');
    expect(rootOf('healthz/live')).toBe('healthz');
    expect(rootOf('/')).toBe('');
    expect(rootOf('')).toBe('');
  });
});

describe('SERVER_ROOTS', () => {
  it('holds each root once, the synced collections among them', () => {
    expect(new Set(SERVER_ROOTS).size).toBe(SERVER_ROOTS.length);
    for (const root of ['socket.io', 'users', 'data', 'healthz', 'deviceDisplaySettings'])
      expect(SERVER_ROOTS).toContain(root);
    for (const root of SERVER_ROOTS) expect(root).not.toMatch(/\//);
  });
});

describe('isServerPath', () => {
  it('sends services, uploads and probes to the server', () => {
    for (const path of [
      '/users',
      '/weatherDevices/abc',
      '/data/report/',
      '/weatherstation/updateweatherstation.php',
      '/healthz',
      '/socket.io/',
    ])
      expect(isServerPath(path), path).toBe(true);
  });

  it('keeps the pages of the app, the admin pages that share a service path among them', () => {
    for (const path of ['/', '/dashboard', '/admin/users', '/admin', '/station/x', '/stations'])
      expect(isServerPath(path), path).toBe(false);
    // Under the admin service but no page: the API.
    expect(isServerPath('/admin/users/123')).toBe(true);
  });

  it('sends files to the server wherever they are, and nothing else outside a root', () => {
    expect(isServerPath('/assets/index-1a2b.JS')).toBe(true);
    expect(isServerPath('/favicon.ico')).toBe(true);
    expect(isServerPath('/unknown/page')).toBe(false);
    expect(isServerPath('/a.b/page')).toBe(false);
    expect(isServerPath('/file.')).toBe(false);
    expect(isServerPath('/file.tar-gz')).toBe(false);
  });
});
