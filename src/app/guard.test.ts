import { describe, expect, it } from 'vitest';
import { guardRedirect, safeNext } from './guard';

const user = (verified: boolean) => ({ accessToken: 't', user: { _id: 'u', email: 'a@b.co', verified } });

describe('guardRedirect', () => {
  it('waits while the session loads', () => {
    expect(guardRedirect('user', undefined, '/account')).toBeNull();
  });

  it('private pages: login, then verification', () => {
    expect(guardRedirect('user', null, '/dashboard')).toBe('/login');
    expect(guardRedirect('user', null, '/alert?x=1')).toBe('/login?next=%2Falert%3Fx%3D1');
    expect(guardRedirect('user', user(false), '/alert')).toBe('/signup/verify');
    expect(guardRedirect('user', user(true), '/alert')).toBeNull();
  });

  it('public pages never redirect', () => {
    for (const auth of [null, user(false), user(true)])
      expect(guardRedirect('public', auth, '/faq')).toBeNull();
  });

  it('login and sign-up: a verified user goes to the dashboard, others may switch accounts', () => {
    expect(guardRedirect('guest', null, '/login')).toBeNull();
    expect(guardRedirect('guest', user(false), '/login')).toBeNull();
    expect(guardRedirect('guest', user(true), '/signup')).toBe('/dashboard');
  });

  it('verification: done users go to the dashboard', () => {
    expect(guardRedirect('verify', user(true), '/signup/verify')).toBe('/dashboard');
    expect(guardRedirect('verify', user(false), '/signup/verify')).toBeNull();
    expect(guardRedirect('verify', null, '/signup/verify')).toBeNull();
  });

  it('admin screens: admins and editors only; others go to the dashboard, nobody signed in to the login', () => {
    const admin = (adminType: 'admin' | 'editor') => {
      const u = user(true)!;
      return { ...u, user: { ...u.user!, isAdmin: true, adminType } };
    };
    expect(guardRedirect('admin', admin('admin'), '/admin/users')).toBeNull();
    expect(guardRedirect('admin', admin('editor'), '/admin/users')).toBeNull();
    expect(guardRedirect('admin', user(true), '/admin/users')).toBe('/dashboard');
    expect(guardRedirect('admin', user(false), '/admin/users')).toBe('/signup/verify');
    expect(guardRedirect('admin', null, '/admin/users?page=2')).toBe(
      '/login?next=%2Fadmin%2Fusers%3Fpage%3D2',
    );
  });

  it('follows only local next= paths', () => {
    expect(safeNext('/alert')).toBe('/alert');
    expect(safeNext('//evil.example')).toBe('/dashboard');
    expect(safeNext('https://evil.example')).toBe('/dashboard');
    expect(safeNext(null)).toBe('/dashboard');
  });
});
