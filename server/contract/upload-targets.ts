// Contract: upload targets (issue #17). The owner adds, lists (keys masked), reveals, edits and removes a
// target; input errors are 400s with codes; a stranger learns nothing; "test now" without an upload says so,
// and for a paid type without its plan answers 402 (forwarding sends readings).
import { describe, expect, test } from 'vitest';
import { call } from '../testing/server';
import type { Contract } from './context';

export function uploadTargetsContract(c: Contract): void {
  describe('upload targets', () => {
    test('add, list masked, reveal, edit, test now, remove', async () => {
      const station = await c.b.createStation(c.owner.token, { name: 'Forwarded' });
      const made = await call(c.b.base, 'POST', '/uploadTargets', {
        token: c.owner.token,
        body: { device: station._id, network: 'windy', stationId: 'wx1', key: 'windy-secret-4321' },
      });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({
        device: station._id,
        network: 'windy',
        stationId: 'wx1',
        key: '••••4321',
        url: null,
        format: null,
        interval: 300,
        enabled: true,
        lastUploadAt: null,
        lastResult: null,
        pausedAt: null,
      });
      const list = await c.get(`/uploadTargets?device=${station._id}`, c.owner);
      expect(list.body).toEqual([made.body]);
      expect((await c.get(`/uploadTargets/${made.body._id}?$reveal=true`, c.owner)).body.key).toBe(
        'windy-secret-4321',
      );
      const edited = await call(c.b.base, 'PATCH', `/uploadTargets/${made.body._id}`, {
        token: c.owner.token,
        body: { key: '', interval: 900, enabled: false },
      });
      expect(edited.body).toMatchObject({ key: '••••4321', interval: 900, enabled: false });
      const tested = await call(c.b.base, 'POST', '/uploadTargets/test', {
        token: c.owner.token,
        body: { target: made.body._id },
      });
      expect(tested.status).toBe(201);
      expect(tested.body).toMatchObject({
        ok: false,
        result: 'failed',
        message: 'forwardNoUpload',
      });

      // A stranger: the station's 404, and the target's own 404 for every method.
      expect((await c.get(`/uploadTargets?device=${station._id}`, c.stranger)).status).toBe(404);
      const theirs = await c.get(`/uploadTargets/${made.body._id}?$reveal=true`, c.stranger);
      expect([theirs.status, theirs.body.data?.code]).toEqual([404, 'targetNotFound']);
      expect((await c.get(`/uploadTargets?device=${station._id}`)).status).toBe(401);

      const removed = await call(c.b.base, 'DELETE', `/uploadTargets/${made.body._id}`, {
        token: c.owner.token,
      });
      expect(removed.status).toBe(200);
      expect((await c.get(`/uploadTargets?device=${station._id}`, c.owner)).body).toEqual([]);
      await call(c.b.base, 'DELETE', `/weatherDevices/${station._id}`, { token: c.owner.token });
    });

    test('a paid type without its plan: "test now" answers 402 planRequired, like every data path', async () => {
      const station = await c.b.createStation(c.owner.token, {
        name: 'Paid forward',
        consoletype: 11,
        mac: 'AA:BB:CC:EE:17:01',
      });
      const made = await call(c.b.base, 'POST', '/uploadTargets', {
        token: c.owner.token,
        body: { device: station._id, network: 'windy', stationId: 'wx2', key: 'windy-secret-9999' },
      });
      expect(made.status).toBe(201);
      const tested = await call(c.b.base, 'POST', '/uploadTargets/test', {
        token: c.owner.token,
        body: { target: made.body._id },
      });
      expect(tested.status).toBe(402);
      expect(tested.body.data).toEqual({ code: 'planRequired', device: station._id, consoletype: 11 });
      await call(c.b.base, 'DELETE', `/weatherDevices/${station._id}`, { token: c.owner.token });
    });

    test('bad input: 400 with a message and a code', async () => {
      const device = c.history._id;
      for (const [body, code] of [
        [{ network: 'nope' }, 'targetNetwork'],
        [{ network: 'awekas', stationId: 'u', key: 'p', interval: 30 }, 'targetInterval'],
        [{ network: 'custom', format: 'ecowitt', url: 'not a url' }, 'targetUrl'],
        [{ network: 'custom', format: 'json', url: 'http://example.com/' }, 'targetFormat'],
        [{ network: 'wunderground', key: 'k' }, 'targetStationId'],
      ] as const) {
        const res = await call(c.b.base, 'POST', '/uploadTargets', {
          token: c.owner.token,
          body: { device, ...body },
        });
        expect([res.status, res.body.data?.code, typeof res.body.message]).toEqual([400, code, 'string']);
      }
    });
  });
}
