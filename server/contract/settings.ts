// Contract: display settings (default → create → patch) and alert settings (create-or-update, find), alerts.
import { describe, expect, test } from 'vitest';
import { defaultDisplaySettings } from '../../src/domain/deviceTypes';
import { call } from '../testing/server';
import type { Contract } from './context';

export function settingsContract(c: Contract): void {
  describe('settings', () => {
    test('display settings: the type’s default, then create, then patch', async () => {
      const path = `/deviceDisplaySettings?weatherDevice=${c.history._id}`;
      const fallback = defaultDisplaySettings(0, c.history._id);
      expect((await c.get(path, c.owner)).body).toEqual({ total: 1, limit: 1, skip: 0, data: [fallback] });
      expect((await c.get(`${path}&$paginate=false`, c.owner)).body).toEqual([fallback]);
      const made = await call(c.b.base, 'POST', '/deviceDisplaySettings', {
        token: c.owner.token,
        body: { weatherDevice: c.history._id, metricsList: ['outdoor', 'wind'] },
      });
      expect(made.status).toBe(201);
      expect(made.body).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        weatherDevice: c.history._id,
        metricsList: ['outdoor', 'wind'],
        detailList: [],
        graphList: [],
        graphRange: 'day',
        chosenList: [],
      });
      const again = await call(c.b.base, 'POST', '/deviceDisplaySettings', {
        token: c.owner.token,
        body: { weatherDevice: c.history._id },
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Settings for this station exist already; patch them');
      const patched = await call(c.b.base, 'PATCH', `/deviceDisplaySettings/${made.body._id}`, {
        token: c.owner.token,
        body: { graphRange: 'week', graphList: ['tempc0'], chosenList: ['lightning'] },
      });
      expect(patched.body).toEqual({
        ...made.body,
        graphRange: 'week',
        graphList: ['tempc0'],
        chosenList: ['lightning'],
      });
      expect((await c.get(`${path}&$paginate=false`, c.owner)).body).toEqual([patched.body]);
      const bad = await call(c.b.base, 'PATCH', `/deviceDisplaySettings/${made.body._id}`, {
        token: c.owner.token,
        body: { graphRange: 'decade' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ message: 'Unknown graph range', data: { field: 'graphRange' } });
    });

    test('alert settings: none, create, find, create again updates; alerts list', async () => {
      const path = `/alertSettings?weatherDevice=${c.history._id}`;
      expect((await c.get(path, c.owner)).body).toEqual({ total: 0, limit: 1, skip: 0, data: [] });
      const rule = { item: 'tempc0', condition: 'above', value: 30, unit: 'C', method: 'email' };
      const made = await call(c.b.base, 'POST', '/alertSettings', {
        token: c.owner.token,
        body: { weatherDevice: c.history._id, settings: [rule] },
      });
      expect(made.status).toBe(201);
      expect(made.body).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        weatherDevice: c.history._id,
        settings: [{ _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...rule }],
        disableAll: false,
      });
      expect((await c.get(`${path}&$paginate=false`, c.owner)).body).toEqual([made.body]);
      const again = await call(c.b.base, 'POST', '/alertSettings', {
        token: c.owner.token,
        body: { weatherDevice: c.history._id, settings: [rule], disableAll: true },
      });
      // The same rule sent again without its id keeps the id it has.
      expect(again.body).toEqual({ ...made.body, disableAll: true });
      const bad = await call(c.b.base, 'POST', '/alertSettings', {
        token: c.owner.token,
        body: { weatherDevice: c.history._id, settings: 'loud' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('settings must be a list of alert rules');
      expect((await c.get(`/alerts?device=${c.history._id}`, c.owner)).body).toEqual({
        total: 0,
        limit: 100,
        skip: 0,
        data: [],
      });
    });
  });
}
