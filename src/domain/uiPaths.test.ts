import { describe, expect, it } from 'vitest';
import { isUiPath } from './uiPaths';

describe('isUiPath', () => {
  it('knows the pages, with or without a trailing slash', () => {
    for (const path of [
      '/',
      '/login',
      '/login/reset/verify',
      '/dashboard/',
      '/admin/ingest',
      '/subscription/plans',
    ])
      expect(isUiPath(path), path).toBe(true);
  });

  it('matches a parameter with any one non-empty segment', () => {
    expect(isUiPath('/station/AB12')).toBe(true);
    expect(isUiPath('/station/caf%C3%A9')).toBe(true);
    expect(isUiPath('/devices/0123/edit')).toBe(true);
    expect(isUiPath('/station')).toBe(false);
    expect(isUiPath('/station/a/b')).toBe(false);
    expect(isUiPath('/devices//edit')).toBe(false);
  });

  it('matches an optional parameter present or not, in the middle of a path too', () => {
    expect(isUiPath('/climate')).toBe(true);
    expect(isUiPath('/climate/abc')).toBe(true);
    expect(isUiPath('/climate/abc/def')).toBe(false);
    expect(isUiPath('/subscription/payment')).toBe(true);
    expect(isUiPath('/subscription/p1/payment')).toBe(true);
    expect(isUiPath('/admin/users/edit')).toBe(true);
    expect(isUiPath('/admin/users/edit/u1')).toBe(true);
  });

  it('does not take an API path, a longer path or a prefix for a page', () => {
    for (const path of [
      '',
      '/api',
      '/login/x',
      '/xlogin',
      '/loginx',
      '/dashboard.json',
      '/admin/ingestx',
      '/uploads',
    ])
      expect(isUiPath(path), path).toBe(false);
  });
});
