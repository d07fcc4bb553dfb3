// What each list of the admin area may filter, sort and select, and its order without $sort (the generic list
// layer, src/domain/listQuery.ts). One declaration for the server's SQL and the mocks' in-memory lists.
import type { FieldSpec, ListShape } from './listQuery';

/** Fields and order; relations ($populate) are each side's own (they load records). */
export type Shape = Pick<ListShape, 'fields' | 'sort'>;

const id: FieldSpec = { type: 'id' };
const text: FieldSpec = { type: 'string' };
const number: FieldSpec = { type: 'number' };
const boolean: FieldSpec = { type: 'boolean' };
/** A JSON column: selected, never filtered or sorted. */
const json: FieldSpec = { type: 'string', json: true };

/** What anyone may ask about a related user. */
export const USER_NAME_FIELDS: ListShape['fields'] = {
  _id: id,
  email: text,
  firstName: text,
  lastName: text,
};

/** Admins' `users` find: every account, newest first. */
export const ADMIN_USER_SHAPE: Shape = {
  fields: {
    ...USER_NAME_FIELDS,
    verified: boolean,
    isAdmin: boolean,
    createdAt: number,
    temperatureUnit: text,
    displaySetting: json,
  },
  sort: { createdAt: -1 },
};

/** `admin/users`: the same and the role and disabled flag. */
export const ADMIN_AREA_USER_SHAPE: Shape = {
  ...ADMIN_USER_SHAPE,
  fields: { ...ADMIN_USER_SHAPE.fields, adminType: text, disabled: boolean },
};

/** `admin/devices`: newest upload first (never the station key or MAC). */
export const ADMIN_DEVICE_SHAPE: Shape = {
  fields: {
    _id: id,
    wsid: text,
    name: text,
    user: id,
    consoletype: number,
    shareMode: text,
    timezone: text,
    lastUpload: number,
    unmapped: json,
    createdAt: number,
  },
  sort: { lastUpload: -1 },
};

/** `orders`: newest first (admins filter on anything here; buyers on their own). */
export const ORDER_SHAPE: Shape = {
  fields: {
    _id: id,
    user: id,
    subscriptionPlan: id,
    plan: json,
    devices: json,
    unitPrice: number,
    total: number,
    currency: text,
    status: text,
    provider: text,
    paymentRef: text,
    refundRef: text,
    lastError: text,
    expiresAt: number,
    paidAt: number,
    refundedAt: number,
    createdAt: number,
    updatedAt: number,
  },
  sort: { createdAt: -1 },
};

/** `subscriptionPlans`: every column, in the plans' order; the two lists select only. */
export const PLAN_SHAPE: Shape = {
  fields: {
    _id: id,
    name: text,
    description: text,
    price: number,
    currency: text,
    months: number,
    maxDevices: number,
    storeDays: number,
    deviceTypes: json,
    features: json,
    status: text,
    order: number,
    createdAt: number,
    updatedAt: number,
  },
  sort: { order: 1 },
};
