// Registers subscriptionPlans and deviceSubscriptionPlan (spec §7) with their permission hooks. Their events are
// not published to any channel (realtime/channels.ts publishes only what it names).
import type { Application } from '../../declarations';
import { optionalAuth, requireAdmin, requireAuth } from '../../hooks/auth';
import { DeviceSubscriptionPlanService } from './device-plans.class';
import { SubscriptionPlansService } from './plans.class';

export function subscriptions(app: Application): void {
  const methods = ['find', 'get', 'create', 'patch', 'remove'] as const;
  const adminOnly = [requireAuth, requireAdmin];
  app.use('subscriptionPlans', new SubscriptionPlansService(app), { methods });
  app.service('subscriptionPlans').hooks({
    before: {
      // Published plans are public (the subscribe page lists them signed out); an admin's token shows drafts.
      find: [optionalAuth],
      get: [optionalAuth],
      create: adminOnly,
      patch: adminOnly,
      remove: adminOnly,
    },
  });
  app.use('deviceSubscriptionPlan', new DeviceSubscriptionPlanService(app), { methods });
  app.service('deviceSubscriptionPlan').hooks({
    before: {
      find: [requireAuth],
      get: [requireAuth],
      create: adminOnly,
      patch: adminOnly,
      remove: adminOnly,
    },
  });
}
