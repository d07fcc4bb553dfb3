// Orders (issue #14, spec §3 Order, §4 Order status) and the payment-provider events already applied (a webhook
// delivered twice, or replayed, is applied once). JSON-valued columns are TEXT on both engines (like 006).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('orders', (t) => {
    t.string('_id', 24).primary();
    t.string('user', 24).notNullable().references('_id').inTable('users').onDelete('CASCADE');
    t.string('subscriptionPlan', 24)
      .notNullable()
      .references('_id')
      .inTable('subscriptionPlans')
      .onDelete('RESTRICT');
    /** The plan as bought: {name, months, storeDays} (an admin may edit the plan later). */
    t.text('plan').notNullable();
    /** [{_id, name, mac, consoletype}] as ordered. */
    t.text('devices').notNullable();
    /** Cents of `currency`: unitPrice × devices. */
    t.integer('unitPrice').notNullable();
    t.integer('total').notNullable();
    t.string('currency', 3).notNullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    /** stripe | sandbox | none (nothing to pay). */
    t.string('provider', 16).notNullable();
    /** The provider's payment (a Stripe PaymentIntent id), once started. */
    t.string('paymentRef', 255).unique();
    t.string('refundRef', 255);
    /** The last decline the buyer saw (the order stays payable), or why it is in error. */
    t.text('lastError');
    /** [deviceSubscriptionPlan ids] granted when it was paid (a refund takes them back). */
    t.text('grants').notNullable().defaultTo('[]');
    t.bigInteger('expiresAt').notNullable();
    t.bigInteger('paidAt');
    t.bigInteger('refundedAt');
    /** The buyer removed it from their list; kept for the records (admins still see it). */
    t.bigInteger('hiddenAt');
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.index(['user', 'createdAt']);
    t.index(['status', 'createdAt']);
  });
  await knex.schema.createTable('paymentEvents', (t) => {
    /** The provider's event id (Stripe `evt_…`). */
    t.string('_id', 255).primary();
    t.string('provider', 16).notNullable();
    t.string('type', 100).notNullable();
    t.string('order', 24);
    t.bigInteger('createdAt').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('paymentEvents');
  await knex.schema.dropTableIfExists('orders');
}
