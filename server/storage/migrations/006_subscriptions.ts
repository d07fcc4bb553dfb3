// Subscriptions (spec §3 "Subscription plan per device", §9): the plans on offer, and which plan a device (by
// MAC address, normalised AA:BB:CC:DD:EE:FF) has from start to end (end null = permanent). Seeds the default
// published plans. JSON-valued columns are TEXT on both engines (like 001).
import type { Knex } from 'knex';
import { DEFAULT_PLANS } from '../../../src/domain/plans';
import { objectId } from '../ids';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('subscriptionPlans', (t) => {
    t.string('_id', 24).primary();
    t.string('name', 100).notNullable();
    t.text('description').notNullable().defaultTo('');
    /** Cents of `currency`. */
    t.integer('price').notNullable().defaultTo(0);
    t.string('currency', 3).notNullable().defaultTo('USD');
    /** 0 = permanent. */
    t.integer('months').notNullable().defaultTo(0);
    t.integer('maxDevices').notNullable().defaultTo(1);
    /** Days 5-minute data is kept. */
    t.integer('storeDays').notNullable().defaultTo(30);
    t.text('deviceTypes').notNullable().defaultTo('[]');
    /** [{_id, text}] */
    t.text('features').notNullable().defaultTo('[]');
    t.string('status', 16).notNullable().defaultTo('draft');
    t.integer('order').notNullable().defaultTo(0);
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.index(['status', 'order']);
  });
  await knex.schema.createTable('deviceSubscriptionPlans', (t) => {
    t.string('_id', 24).primary();
    t.string('mac', 17).notNullable().index();
    /** Who bought it. */
    t.string('user', 24).notNullable().references('_id').inTable('users').onDelete('CASCADE').index();
    /** A plan that was ever granted cannot be removed (unpublish it instead). */
    t.string('subscriptionPlan', 24)
      .notNullable()
      .references('_id')
      .inTable('subscriptionPlans')
      .onDelete('RESTRICT')
      .index();
    /** Unix milliseconds; end null = permanent. */
    t.bigInteger('start').notNullable();
    t.bigInteger('end');
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
  });
  const now = Date.now();
  await knex('subscriptionPlans').insert(
    DEFAULT_PLANS.map((p, order) => ({
      _id: objectId(now),
      ...p,
      deviceTypes: JSON.stringify(p.deviceTypes),
      features: JSON.stringify(p.features.map((text) => ({ _id: objectId(now), text }))),
      status: 'published',
      order,
      createdAt: now,
      updatedAt: now,
    })),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('deviceSubscriptionPlans');
  await knex.schema.dropTableIfExists('subscriptionPlans');
}
