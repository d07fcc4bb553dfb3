// subscriptionPlans: input rules (a clear 400 for each), rows <-> records, and what a find may query.
import type { SubscriptionPlan } from '../../../src/domain/contract';
import { PLAN_SHAPE } from '../../../src/domain/listShapes';
import { planInputRules } from '../../../src/domain/planInput';
import { readers } from '../../hooks/validate';
import { objectId } from '../../storage/ids';
import type { ListSpec } from '../common/list-query';

// The rules are src/domain/planInput.ts's (the mocks check plans with them too).
export const { planFields } = planInputRules(readers, () => objectId());

const JSON_FIELDS = ['deviceTypes', 'features'] as const;
const NUMBER_FIELDS = ['price', 'months', 'maxDevices', 'storeDays', 'order', 'createdAt', 'updatedAt'];

/** Row → record; only the columns present (a $select may leave some out). */
export function planFromDb(row: Record<string, unknown>): Record<string, unknown> {
  const out = { ...row };
  for (const f of JSON_FIELDS) if (typeof out[f] === 'string') out[f] = JSON.parse(out[f] as string);
  for (const f of NUMBER_FIELDS) if (out[f] !== undefined && out[f] !== null) out[f] = Number(out[f]);
  return out;
}

export function planToDb(fields: Partial<SubscriptionPlan>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const f of JSON_FIELDS) if (out[f] !== undefined) out[f] = JSON.stringify(out[f]);
  return out;
}

/** What a find may filter, sort and select: every column; the two lists select only. */
export const PLAN_LIST: ListSpec = { table: 'subscriptionPlans', ...PLAN_SHAPE, fromDb: planFromDb };
