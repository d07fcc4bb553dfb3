// deviceSubscriptionPlan: MAC addresses, admin input rules, rows <-> records, and what a find may query.
import { BadRequest } from '@feathersjs/errors';
import { readMac } from '../../../src/domain/macInput';
import { asObject, id, num, readers } from '../../hooks/validate';
import type { ListSpec } from '../common/list-query';

/** 'AA:BB:CC:DD:EE:FF' from colons, hyphens or none; the spec §5 messages otherwise. */
export const macOf = (v: unknown): string => readMac(readers, v);

const MAX_TIME = 4102444800000; // 2100-01-01

export interface DevicePlanInput {
  mac?: string;
  /** The station the period is for; absent/null: the station that claimed the MAC (macAuth). */
  device?: string | null;
  user?: string;
  subscriptionPlan?: string;
  start?: number;
  end?: number | null;
}

/** Admin create/patch input; `creating` requires mac, user and subscriptionPlan. */
export function devicePlanFields(input: unknown, creating: boolean): DevicePlanInput {
  const data = asObject(input);
  for (const key of Object.keys(data))
    if (!['_id', 'mac', 'device', 'user', 'subscriptionPlan', 'start', 'end'].includes(key))
      throw new BadRequest(`${key} cannot be set`, { field: key });
  const out: DevicePlanInput = {};
  if (creating || data.mac !== undefined) out.mac = macOf(data.mac);
  if (data.device === null) out.device = null;
  else if (data.device !== undefined) out.device = id(data.device, 'device');
  for (const key of ['user', 'subscriptionPlan'] as const)
    if (creating || data[key] !== undefined) out[key] = id(data[key], key);
  const start = num(data, 'start', { integer: true, min: 0, max: MAX_TIME, message: 'start must be a time' });
  if (start !== undefined) out.start = start;
  if (data.end === null) out.end = null;
  else {
    const end = num(data, 'end', {
      integer: true,
      min: 0,
      max: MAX_TIME,
      message: 'end must be a time or null',
    });
    if (end !== undefined) out.end = end;
  }
  return out;
}

export function devicePlanFromDb(row: Record<string, unknown>): Record<string, unknown> {
  const out = { ...row };
  for (const f of ['start', 'end', 'createdAt', 'updatedAt'])
    if (out[f] !== undefined && out[f] !== null) out[f] = Number(out[f]);
  return out;
}

/** Newest end first, a permanent plan (end null) before any dated one: `$limit=1` is the plan that counts. */
export function devicePlanList(loadPlans: (ids: string[]) => Promise<Record<string, unknown>[]>): ListSpec {
  return {
    table: 'deviceSubscriptionPlans',
    fields: {
      _id: { type: 'id' },
      mac: { type: 'string' },
      device: { type: 'id' },
      user: { type: 'id' },
      subscriptionPlan: { type: 'id' },
      start: { type: 'number' },
      end: { type: 'number', nulls: 'high' },
      createdAt: { type: 'number' },
      updatedAt: { type: 'number' },
    },
    sort: { end: -1, start: -1 },
    populate: { subscriptionPlan: { field: 'subscriptionPlan', load: loadPlans } },
    fromDb: devicePlanFromDb,
  };
}
