// Contract: the plans on offer (GET subscriptionPlans) and a device's plan
// (GET deviceSubscriptionPlan?mac&$populate=subscriptionPlan&$limit=1, spec §7).
import { describe, expect, test } from 'vitest';
import type { Contract } from './context';

const id = expect.stringMatching(/^[0-9a-f]{24}$/);

export function subscriptionsContract(c: Contract): void {
  describe('subscriptions', () => {
    test('the published plans, for anyone, in order', async () => {
      const res = await c.get('/subscriptionPlans');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 4, limit: 10, skip: 0 });
      expect(res.body.data.map((p: { name: string }) => p.name)).toEqual([
        'Free',
        'Premium monthly',
        'Premium yearly',
        'Lifetime',
      ]);
      expect(res.body.data[1]).toEqual({
        _id: id,
        name: 'Premium monthly',
        description: expect.any(String),
        price: 299,
        currency: 'USD',
        months: 1,
        maxDevices: 5,
        storeDays: 366,
        deviceTypes: [7, 10, 11, 12, 13],
        features: expect.arrayContaining([{ _id: id, text: 'Live data' }]),
        status: 'published',
        order: 1,
        createdAt: expect.any(Number),
        updatedAt: expect.any(Number),
      });
      const bare = await c.get('/subscriptionPlans?$paginate=false&$limit=2', c.owner);
      expect(bare.body.map((p: { name: string }) => p.name)).toEqual(['Free', 'Premium monthly']);
    });

    test("a device's plan by MAC, populated, for its owner only; the MAC is checked", async () => {
      const mac = 'AA:BB:CC:EE:00:01';
      await c.b.createStation(c.owner.token, { name: 'Subscribed', mac: 'aa-bb-cc-ee-00-01' });
      const path = `/deviceSubscriptionPlan?mac=${mac}&$populate=subscriptionPlan&$limit=1`;
      expect((await c.get(path, c.owner)).body).toEqual({ total: 0, limit: 1, skip: 0, data: [] });
      await c.b.grantPlan(mac, 'Premium monthly', c.owner.user._id);
      const res = await c.get(path, c.owner);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 1, limit: 1, skip: 0 });
      const [record] = res.body.data;
      expect(record).toEqual({
        _id: id,
        mac,
        device: id, // the station it is for (issue #20)
        user: c.owner.user._id,
        subscriptionPlan: expect.objectContaining({ _id: id, name: 'Premium monthly', months: 1 }),
        start: expect.any(Number),
        end: expect.any(Number),
        active: true,
        createdAt: expect.any(Number),
        updatedAt: expect.any(Number),
      });
      expect(record.end).toBeGreaterThan(record.start + 27 * 86400_000);
      expect((await c.get(path, c.stranger)).body).toEqual({ total: 0, limit: 1, skip: 0, data: [] });
      expect((await c.get(path)).status).toBe(401);
      for (const [query, message] of [
        ['', 'mac is required'],
        ['mac=zz', 'Invalid MAC address format'],
        ['mac=FF:FF:FF:FF:FF:FF', 'Invalid MAC address'],
        [`mac=${mac}&$limit=101`, '$limit must be a whole number 0..100'],
      ]) {
        const bad = await c.get(`/deviceSubscriptionPlan?${query}`, c.owner);
        expect(bad.status, query).toBe(400);
        expect(bad.body.message, query).toBe(message);
      }
    });
  });
}
