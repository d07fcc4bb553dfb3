// subscriptionPlans (published plans for anyone, in order; drafts for admins, who also create, patch (with the
// $push/$pull/$set of src/domain/listOps.ts on features) and remove them) and deviceSubscriptionPlan
// (?mac&$populate=subscriptionPlan&$limit: the plans of a station the caller owns or shares). Only the parameters
// of the spec §7 calls are served (mocks/list.ts).
import { http } from 'msw';
import type { SubscriptionPlan } from '../../src/domain/contract';
import { listOpsRules } from '../../src/domain/listOps';
import { PLAN_SHAPE } from '../../src/domain/listShapes';
import { readMac } from '../../src/domain/macInput';
import { periodOf } from '../../src/domain/planGate';
import { planInputRules } from '../../src/domain/planInput';
import { isActive } from '../../src/domain/subscriptionPeriods';
import { adminCaller, caller, relation, required } from '../access';
import { type DevicePlanRow, type MockDb, objectId, type UserRow } from '../db';
import { answer, badRequest, conflict, notFound } from '../errors';
import { findAnswer } from '../find';
import { listAnswer } from '../list';
import { bodyOf, created, json, queryOf } from '../respond';
import { readers } from '../validate';

const SERVED = ['$populate', 'mac'];

const macOf = (v: unknown) => readMac(readers, v);
const { planFields } = planInputRules(readers, () => objectId());
const { applyListOps } = listOpsRules(readers.fail);

/** A plan the caller may see: drafts only for admins (plans.class.ts get). */
function planOf(db: MockDb, id: unknown, user: UserRow | null): SubscriptionPlan {
  const plan = db.subscriptionPlans.find((p) => p._id === readers.id(id));
  if (!plan || (plan.status !== 'published' && !user?.isAdmin)) throw notFound('Subscription plan not found');
  return plan;
}

/** The owner or a shared user of a station with this MAC (stored with or without colons). */
/** Whether the user owns, or is shared, the station the period is for (as the server, issue #20). */
function mayRead(db: MockDb, period: DevicePlanRow, user: UserRow): boolean {
  const forms = [period.mac, period.mac.replace(/:/g, '')];
  return [...db.devices.values()].some((d) => {
    const r = forms.includes(d.mac ?? '') && periodOf(d)(period) ? relation(d, user) : null;
    return r === 'owner' || r === 'shared';
  });
}

const endOf = (r: DevicePlanRow) => r.end ?? Number.POSITIVE_INFINITY;

export function subscriptionRoutes(base: string, db: MockDb) {
  return [
    http.get(`${base}/subscriptionPlans`, ({ request }) =>
      answer(() => {
        const user = caller(db, request);
        const plans = db.subscriptionPlans.filter((p) => p.status === 'published' || user?.isAdmin);
        return findAnswer(queryOf(request), PLAN_SHAPE, plans as unknown as Record<string, unknown>[]);
      }),
    ),
    http.get(`${base}/subscriptionPlans/:id`, ({ request, params }) =>
      answer(() => json(planOf(db, params.id, caller(db, request)))),
    ),
    http.post(`${base}/subscriptionPlans`, ({ request }) =>
      answer(async () => {
        adminCaller(db, request);
        const now = Date.now();
        const fields = planFields(await bodyOf(request), true) as Omit<SubscriptionPlan, '_id'>;
        const plan = { _id: objectId(now), ...fields, createdAt: now, updatedAt: now } as SubscriptionPlan;
        db.subscriptionPlans.push(plan);
        return created(plan);
      }),
    ),
    http.patch(`${base}/subscriptionPlans/:id`, ({ request, params }) =>
      answer(async () => {
        const plan = planOf(db, params.id, adminCaller(db, request));
        const plain = applyListOps({ ...plan }, await bodyOf(request), { features: { key: '_id' } });
        Object.assign(plan, planFields(plain, false, plan.features), { updatedAt: Date.now() });
        return json(plan);
      }),
    ),
    http.delete(`${base}/subscriptionPlans/:id`, ({ request, params }) =>
      answer(() => {
        const plan = planOf(db, params.id, adminCaller(db, request));
        if (db.devicePlans.some((r) => r.subscriptionPlan === plan._id))
          throw conflict('This plan has been granted to devices: unpublish it (status draft) instead');
        db.subscriptionPlans.splice(db.subscriptionPlans.indexOf(plan), 1);
        return json(plan);
      }),
    ),
    http.get(`${base}/deviceSubscriptionPlan`, ({ request }) =>
      answer(() => {
        const user = required(db, request);
        const query = queryOf(request);
        const mac = macOf(query.mac);
        const populate = query.$populate;
        if (populate !== undefined && populate !== 'subscriptionPlan')
          throw badRequest(`${populate} cannot be populated`);
        const rows = db.devicePlans.filter((r) => r.mac === mac && (user.isAdmin || mayRead(db, r, user)));
        // Newest end first, a permanent plan (end null) before any dated one.
        const sorted = [...rows].sort(
          (a, b) => endOf(b) - endOf(a) || b.start - a.start || a._id.localeCompare(b._id),
        );
        const records = sorted.map(({ user: buyer, device, ...r }) => ({
          ...r,
          ...(device ? { device } : {}),
          ...(buyer === user._id || user.isAdmin ? { user: buyer } : {}),
          subscriptionPlan: populate
            ? (db.subscriptionPlans.find((p) => p._id === r.subscriptionPlan) ?? null)
            : r.subscriptionPlan,
          active: isActive(r),
        }));
        return listAnswer(query, records, SERVED);
      }),
    ),
  ];
}
