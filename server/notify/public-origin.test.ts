// Links in alerts: PUBLIC_URL first, then the origin the user signed in from, then PUBLIC_HOST, then localhost.
import { describe, expect, test } from 'vitest';
import type { Application } from '../declarations';
import { originOf, publicOrigin, rememberOrigin } from './public-origin';

const appWith = (config: Record<string, unknown>) =>
  ({
    ctx: { config: { publicUrl: null, publicHost: null, port: 3030, ...config } },
  }) as unknown as Application;

const signIn = (app: Application, user: string, origin: unknown) =>
  rememberOrigin({ app, params: { headers: { origin } }, result: { user: { _id: user } } } as never);

describe('publicOrigin', () => {
  test('PUBLIC_URL wins over everything', () => {
    const app = appWith({ publicUrl: 'https://portal.example', publicHost: 'other.example' });
    signIn(app, 'u1', 'https://seen.example');
    expect(publicOrigin(app, 'u1')).toBe('https://portal.example');
  });

  test("else the origin the user's own browser signed in from; other users are not affected", () => {
    const app = appWith({ publicHost: 'weather.example' });
    signIn(app, 'u1', 'http://192.168.1.5:8080');
    expect(publicOrigin(app, 'u1')).toBe('http://192.168.1.5:8080');
    expect(publicOrigin(app, 'u2')).toBe('https://weather.example');
    expect(publicOrigin(appWith({}), 'u2')).toBe('http://localhost:3030');
  });

  test('only http(s) origins are kept', () => {
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('null')).toBeNull();
    expect(originOf(undefined)).toBeNull();
    expect(originOf('https://a.example/path?q')).toBe('https://a.example');
    const app = appWith({});
    signIn(app, 'u1', 'file:///etc/passwd');
    expect(publicOrigin(app, 'u1')).toBe('http://localhost:3030');
  });
});
