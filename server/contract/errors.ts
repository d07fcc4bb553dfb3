// Contract: the errors clients rely on: 401 without a token, 404 Device not found for strangers, 400 messages.
import { describe, expect, test } from 'vitest';
import { MESSAGES } from '../../src/domain/validate';
import { call } from '../testing/server';
import { type Contract, T0 } from './context';

export function errorsContract(c: Contract): void {
  describe('errors', () => {
    test('401 without a token where an account is needed', async () => {
      const paths = [
        `/deviceDisplaySettings?weatherDevice=${c.history._id}`,
        `/alertSettings?weatherDevice=${c.history._id}`,
        `/alerts?device=${c.history._id}`,
        '/users',
      ];
      for (const path of paths) {
        const res = await c.get(path);
        expect(res.status, path).toBe(401);
        expect(res.body, path).toEqual({
          name: 'NotAuthenticated',
          message: 'Not authenticated',
          code: 401,
          className: 'not-authenticated',
          data: { code: 'notAuthenticated' },
        });
      }
      const create = await call(c.b.base, 'POST', '/weatherDevices', { body: { name: 'X' } });
      expect(create.status).toBe(401);
      const garbage = await c.get('/weatherDevices', { ...c.owner, token: 'garbage' });
      expect(garbage.status).toBe(401);
      expect(garbage.body.name).toBe('NotAuthenticated');
      const login = await call(c.b.base, 'POST', '/authentication', {
        body: { strategy: 'local', email: c.owner.email, password: 'wrong password' },
      });
      expect(login.status).toBe(401);
      expect(login.body.message).toBe('Wrong e-mail or password');
    });

    test('404 Device not found for someone else’s private station, from every service', async () => {
      const paths = [
        `/weatherDevices/${c.history._id}`,
        `/weatherDevices/lastData?device=${c.history._id}`,
        `/weatherMetrics/query?device=${c.history._id}&from=${T0}&to=${T0 + 600}&type=5m`,
        `/weatherMetrics/queryGroup?device=${c.history._id}&range=1h&metrics=mean_tempc0&startTime=${T0}&endTime=${T0 + 3600}`,
        `/deviceDisplaySettings?weatherDevice=${c.history._id}`,
        `/alertSettings?weatherDevice=${c.history._id}`,
        `/alerts?device=${c.history._id}`,
      ];
      for (const path of paths) {
        const res = await c.get(path, c.stranger);
        expect(res.status, path).toBe(404);
        expect(res.body, path).toEqual({
          name: 'NotFound',
          message: MESSAGES.deviceNotFound,
          code: 404,
          className: 'not-found',
          data: { code: 'deviceNotFound' },
        });
      }
      expect((await c.get(`/weatherDevices/lastData?device=${c.history._id}`)).status).toBe(404);
    });

    test('400 with a clear message on bad parameters', async () => {
      const d = c.history._id;
      const cases: [string, string][] = [
        [`/weatherMetrics/query?device=${d}&from=${T0}&to=${T0 + 600}&type=1y`, 'type must be one of 5m, 1d'],
        [`/weatherMetrics/query?from=${T0}&to=${T0 + 600}&type=5m`, 'device is required'],
        [`/weatherMetrics/query?device=xyz&from=${T0}&to=${T0 + 600}&type=5m`, 'device holds an invalid id'],
        [`/weatherMetrics/query?device=${d}&from=x&to=${T0}&type=5m`, 'from must be a valid number'],
        [`/weatherMetrics/query?device=${d}&to=${T0}&type=5m`, 'from is required'],
        [`/weatherMetrics/query?device=${d}&from=${T0}&to=${T0}&type=5m`, MESSAGES.invalidTimePeriod],
        [
          `/weatherMetrics/queryGroup?device=${d}&range=2h&metrics=tempc0&startTime=2026-11-19&endTime=2026-11-20`,
          'range must be one of 5m, 30m, 1h, 1d',
        ],
        [
          `/weatherMetrics/queryGroup?device=${d}&range=1h&metrics=mean_nothing&startTime=2026-11-19&endTime=2026-11-20`,
          'Unknown metric mean_nothing',
        ],
        [
          `/weatherMetrics/queryGroup?device=${d}&range=1h&startTime=2026-11-19&endTime=2026-11-20`,
          'metrics is required',
        ],
        [
          `/weatherMetrics/queryGroup?device=${d}&range=1h&metrics=mean_tempc0&startTime=yesterday&endTime=2026-11-20`,
          'startTime must be an ISO date',
        ],
        [
          `/weatherMetrics/queryGroup?device=${d}&range=5m&metrics=tempc0&startTime=2000-01-01&endTime=2026-11-20`,
          `${MESSAGES.invalidTimePeriod}: too many points`,
        ],
        ['/weatherMetrics/batchLastData?devices[0]=nonsense', 'devices holds an invalid id'],
        ['/weatherDevices/lastData', 'device is required'],
        [`/weatherDevices/lastData?device=${d}&range=maybe`, 'range must be true or false'],
        ['/weatherDevices?$limit=x', '$limit must be a valid number'],
        ['/alerts', 'device is required'],
        ['/alertSettings', 'weatherDevice is required'],
      ];
      for (const [path, message] of cases) {
        const res = await c.get(path, c.owner);
        expect(res.status, path).toBe(400);
        expect(res.body, path).toMatchObject({
          name: 'BadRequest',
          message,
          code: 400,
          className: 'bad-request',
        });
      }
      const signup = await call(c.b.base, 'POST', '/users', {
        body: { email: 'not-an-address', password: 'correct horse battery', termsAccepted: true },
      });
      expect(signup.status).toBe(400);
      expect(signup.body).toMatchObject({ message: MESSAGES.emailFormat, data: { field: 'email' } });
      const verify = await call(c.b.base, 'POST', '/users/verify', {
        body: { email: c.owner.email, code: '000000' },
      });
      // Already verified: the same 400 as an unknown address unless the code is right (issue #20).
      expect([verify.status, verify.body.data?.code]).toEqual([400, 'verificationCodeWrong']);
      const station = await call(c.b.base, 'POST', '/weatherDevices', {
        token: c.owner.token,
        body: { name: 'X', consoletype: 99 },
      });
      expect(station.status).toBe(400);
      expect(station.body).toMatchObject({ message: 'Unknown device type', data: { field: 'consoletype' } });
      const hide = await c.get(`/alerts/hide?device=${c.history._id}`, c.owner);
      expect(hide.body).toMatchObject({ code: 400, message: 'id is required' });
      const missing = await c.get(`/alerts/hide?device=${c.history._id}&id=${c.history._id}`, c.owner);
      expect(missing.body).toMatchObject({ code: 404, message: 'Alert not found' });
      const notJson = await call(c.b.base, 'POST', '/weatherDevices', {
        token: c.owner.token,
        body: 'not json',
        headers: { 'content-type': 'application/json' },
      });
      expect(notJson.status).toBe(400);
      expect(notJson.body.name).toBe('BadRequest');
    });

    test('a removed station is gone; an unknown path is a 404', async () => {
      const station = await c.b.createStation(c.owner.token);
      const strangers = await call(c.b.base, 'DELETE', `/weatherDevices/${station._id}`, {
        token: c.stranger.token,
      });
      expect(strangers.status).toBe(404);
      const removed = await call(c.b.base, 'DELETE', `/weatherDevices/${station._id}`, {
        token: c.owner.token,
      });
      expect(removed.status).toBe(200);
      expect(removed.body).toMatchObject({ _id: station._id });
      expect((await c.get(`/weatherDevices/${station._id}`, c.owner)).body.message).toBe(
        MESSAGES.deviceNotFound,
      );
      expect((await c.get('/weatherDevices/xyz', c.owner)).body.message).toBe('device holds an invalid id');
      const unknown = await c.get('/nothing/here?x=1', c.owner);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({
        name: 'NotFound',
        message: 'Path /nothing/here not found',
        code: 404,
        className: 'not-found',
      });
    });
  });
}
