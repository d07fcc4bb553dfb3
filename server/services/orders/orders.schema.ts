// orders: rows <-> records, create input, and what a find may query (the generic list layer).
import { BadRequest } from '@feathersjs/errors';
import type { Order } from '../../../src/domain/contract';
import { ORDER_SHAPE } from '../../../src/domain/listShapes';
import { MAX_ORDER_DEVICES, ORDER_STATUSES, type OrderStatus } from '../../../src/domain/orders';
import { codedError } from '../../hooks/error-codes';
import { asObject, id, idList } from '../../hooks/validate';
import type { ListSpec } from '../common/list-query';

const JSON_FIELDS = ['plan', 'devices', 'grants'] as const;
const NUMBER_FIELDS = [
  'unitPrice',
  'total',
  'expiresAt',
  'paidAt',
  'refundedAt',
  'hiddenAt',
  'createdAt',
  'updatedAt',
];

/** Row → record (only the columns present); `grants` and `hiddenAt` stay inside the server. */
export function orderFromDb(row: Record<string, unknown>): Record<string, unknown> {
  const out = { ...row };
  for (const f of JSON_FIELDS) if (typeof out[f] === 'string') out[f] = JSON.parse(out[f] as string);
  for (const f of NUMBER_FIELDS) if (out[f] !== undefined && out[f] !== null) out[f] = Number(out[f]);
  return out;
}

/** What the API shows of an order. */
export function presentOrder(record: Record<string, unknown>): Order {
  const { grants: _g, hiddenAt: _h, ...rest } = record;
  return rest as unknown as Order;
}

export interface OrderInput {
  subscriptionPlan: string;
  devices: string[];
}

export function orderInput(input: unknown): OrderInput {
  const data = asObject(input);
  for (const key of Object.keys(data))
    if (key !== 'subscriptionPlan' && key !== 'devices')
      throw new BadRequest(`${key} cannot be set`, { field: key });
  if (data.subscriptionPlan === undefined || data.subscriptionPlan === '')
    throw codedError(BadRequest, 'planUnknown', { field: 'subscriptionPlan' });
  const plan = id(data.subscriptionPlan, 'subscriptionPlan');
  const raw = data.devices === undefined ? [] : Array.isArray(data.devices) ? data.devices : [data.devices];
  if (raw.length === 0 || raw.length > MAX_ORDER_DEVICES)
    throw codedError(BadRequest, 'orderDevices', { field: 'devices' });
  const devices = [...new Set(idList(raw, 'devices'))];
  return { subscriptionPlan: plan, devices };
}

export function statusInput(input: unknown): OrderStatus {
  const data = asObject(input);
  for (const key of Object.keys(data))
    if (key !== 'status' && key !== '_id') throw new BadRequest(`${key} cannot be set`, { field: key });
  if (!ORDER_STATUSES.includes(data.status as OrderStatus))
    throw new BadRequest(`status must be one of ${ORDER_STATUSES.join(', ')}`, { field: 'status' });
  return data.status as OrderStatus;
}

/** Filters and sorts for the list layer (admins filter on anything listed here; buyers on their own). */
export const ORDER_LIST: ListSpec = { table: 'orders', ...ORDER_SHAPE, fromDb: orderFromDb };
