// Paid plans follow the ordered stations, not any station with the MAC (issue #20): a plan period names the
// station (`device`) it was bought for. Periods of paid orders get theirs from the order (its devices and grants
// are in the same order; a period granted twice for two stations with one MAC keeps the first). Periods without
// one (made by an admin by MAC) cover only the station that claimed that MAC (macAuth).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('deviceSubscriptionPlans', (t) => {
    t.string('device', 24).index();
  });
  const orders = await knex('orders').whereNotNull('paidAt').select('devices', 'grants');
  for (const order of orders) {
    let devices: { _id?: string }[] = [];
    let grants: string[] = [];
    try {
      devices = JSON.parse(order.devices);
      grants = JSON.parse(order.grants ?? '[]');
    } catch {
      continue;
    }
    for (let i = 0; i < Math.min(devices.length, grants.length); i++)
      if (typeof devices[i]?._id === 'string' && typeof grants[i] === 'string')
        await knex('deviceSubscriptionPlans')
          .where({ _id: grants[i] })
          .whereNull('device')
          .update({ device: devices[i]._id });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('deviceSubscriptionPlans', (t) => {
    t.dropColumn('device');
  });
}
