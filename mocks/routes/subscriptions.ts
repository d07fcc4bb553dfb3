// subscriptionPlans (published plans for anyone, in order; drafts for admins) and deviceSubscriptionPlan
// (?mac&$populate=subscriptionPlan&$limit: the plans of a station the caller owns or shares). Only the parameters
// of the spec §7 calls are served (mocks/list.ts).
import { http } from 'msw';
import { readMac } from '../../src/domain/macInput';
import { isActive } from '../../src/domain/subscriptionPeriods';
import { caller, relation, required } from '../access';
import type { DevicePlanRow, MockDb, UserRow } from '../db';
import { answer, badRequest } from '../errors';
import { listAnswer } from '../list';
import { queryOf } from '../respond';
import { readers } from '../validate';

const SERVED = ['$populate', 'mac'];

const macOf = (v: unknown) => readMac(readers, v);

/** The owner or a shared user of a station with this MAC (stored with or without colons). */
function mayRead(db: MockDb, mac: string, user: UserRow): boolean {
  const forms = [mac, mac.replace(/:/g, '')];
  return [...db.devices.values()].some((d) => {
    const r = forms.includes(d.mac ?? '') ? relation(d, user) : null;
    return r === 'owner' || r === 'shared';
  });
}

const endOf = (r: DevicePlanRow) => r.end ?? Number.POSITIVE_INFINITY;

export function subscriptionRoutes(base: string, db: MockDb) {
  return [
    http.get(`${base}/subscriptionPlans`, ({ request }) =>
      answer(() => {
        const user = caller(db, request);
        const plans = db.subscriptionPlans
          .filter((p) => p.status === 'published' || user?.isAdmin)
          .sort((a, b) => a.order - b.order || a._id.localeCompare(b._id));
        return listAnswer(queryOf(request), plans, SERVED);
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
        const rows =
          user.isAdmin || mayRead(db, mac, user) ? db.devicePlans.filter((r) => r.mac === mac) : [];
        // Newest end first, a permanent plan (end null) before any dated one.
        const sorted = [...rows].sort(
          (a, b) => endOf(b) - endOf(a) || b.start - a.start || a._id.localeCompare(b._id),
        );
        const records = sorted.map(({ user: buyer, ...r }) => ({
          ...r,
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
