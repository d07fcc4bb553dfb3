import { describe, expect, it } from 'vitest';
import { encodeQuery, rest, restUrl } from './rest';

describe('REST caller', () => {
  it('encodes Feathers queries the way koa-qs reads them', () => {
    expect(encodeQuery({ devices: ['a', 'b'] })).toBe('devices%5B0%5D=a&devices%5B1%5D=b');
    expect(decodeURIComponent(encodeQuery({ $devices: { owned: true, public: ['x'] }, $limit: 1 }))).toBe(
      '$devices[owned]=true&$devices[public][0]=x&$limit=1',
    );
    expect(
      restUrl('https://p.example/', {
        service: 'alerts/hide',
        method: 'find',
        query: { device: 'd', id: 'a1' },
      }),
    ).toBe('https://p.example/alerts/hide?device=d&id=a1');
    expect(restUrl('https://p.example', { service: 'weatherDevices', method: 'patch', id: 'abc' })).toBe(
      'https://p.example/weatherDevices/abc',
    );
  });

  it('sends method, JSON body, Bearer token and Idempotency-Key', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const fetchFake = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(JSON.stringify({ _id: 'd1', name: 'New' }), { status: 200 });
    }) as unknown as typeof fetch;
    const answer = await rest(
      {
        service: 'weatherDevices',
        method: 'patch',
        id: 'd1',
        data: { name: 'New' },
        idempotencyKey: 'key-12345678',
      },
      { origin: 'http://x', accessToken: 'jwt', fetch: fetchFake },
    );
    expect(answer).toEqual({ _id: 'd1', name: 'New' });
    expect(seen[0].url).toBe('http://x/weatherDevices/d1');
    expect(seen[0].init.method).toBe('PATCH');
    expect(seen[0].init.body).toBe('{"name":"New"}');
    expect(seen[0].init.headers).toMatchObject({
      Authorization: 'Bearer jwt',
      'Idempotency-Key': 'key-12345678',
      'Content-Type': 'application/json',
    });
  });

  it('rejects with the Feathers error (code = status) or code 0 when offline', async () => {
    const notAuth = (async () =>
      new Response(JSON.stringify({ name: 'NotAuthenticated', message: 'jwt expired', code: 401 }), {
        status: 401,
      })) as unknown as typeof fetch;
    await expect(
      rest({ service: 'users', method: 'get', id: 'u' }, { origin: 'http://x', fetch: notAuth }),
    ).rejects.toMatchObject({
      name: 'NotAuthenticated',
      message: 'jwt expired',
      code: 401,
    });
    const offline = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(
      rest({ service: 'users', method: 'find' }, { origin: 'http://x', fetch: offline }),
    ).rejects.toMatchObject({
      code: 0,
    });
  });
});
