// The admin lists' shapes are declarations; what a test can hold them to is that each is usable by the list
// layer: its order names declared, sortable fields, and JSON columns are selectable but not filterable.
import { describe, expect, it } from 'vitest';
import { listQueryRules } from './listQuery';
import {
  ADMIN_AREA_USER_SHAPE,
  ADMIN_DEVICE_SHAPE,
  ADMIN_USER_SHAPE,
  ORDER_SHAPE,
  PLAN_SHAPE,
  USER_NAME_FIELDS,
} from './listShapes';

const SHAPES = { ADMIN_USER_SHAPE, ADMIN_AREA_USER_SHAPE, ADMIN_DEVICE_SHAPE, ORDER_SHAPE, PLAN_SHAPE };
const rules = () =>
  listQueryRules((message) => {
    throw new Error(message);
  });

describe('list shapes', () => {
  it('each sort by a declared, sortable field and then _id', () => {
    for (const [name, shape] of Object.entries(SHAPES)) {
      for (const field of Object.keys(shape.sort)) {
        expect(shape.fields[field], `${name}.${field}`).toBeDefined();
        expect(shape.fields[field].json, `${name}.${field}`).toBeUndefined();
      }
      expect(rules().parseListQuery({}, shape).sort.at(-1), name).toEqual(['_id', 1]);
      expect(shape.fields._id, name).toEqual({ type: 'id' });
    }
  });

  it('order: admins newest first, stations by latest upload, plans by their order', () => {
    expect(rules().parseListQuery({}, ADMIN_USER_SHAPE).sort).toEqual([
      ['createdAt', -1],
      ['_id', 1],
    ]);
    expect(rules().parseListQuery({}, ADMIN_DEVICE_SHAPE).sort[0]).toEqual(['lastUpload', -1]);
    expect(rules().parseListQuery({}, PLAN_SHAPE).sort[0]).toEqual(['order', 1]);
    expect(rules().parseListQuery({}, ORDER_SHAPE).sort[0]).toEqual(['createdAt', -1]);
  });

  it('let JSON columns be selected but not filtered', () => {
    expect(rules().parseListQuery({ $select: 'features' }, PLAN_SHAPE).select).toEqual(['_id', 'features']);
    expect(() => rules().parseListQuery({ features: 'x' }, PLAN_SHAPE)).toThrow('features cannot be queried');
    expect(() => rules().parseListQuery({ unmapped: 'x' }, ADMIN_DEVICE_SHAPE)).toThrow(
      'unmapped cannot be queried',
    );
  });

  it('give the admin area the role and the disabled flag on top of the users list', () => {
    expect(Object.keys(ADMIN_AREA_USER_SHAPE.fields)).toEqual([
      ...Object.keys(ADMIN_USER_SHAPE.fields),
      'adminType',
      'disabled',
    ]);
    expect(ADMIN_AREA_USER_SHAPE.sort).toEqual(ADMIN_USER_SHAPE.sort);
    expect(Object.keys(USER_NAME_FIELDS)).toEqual(['_id', 'email', 'firstName', 'lastName']);
  });

  it('never list a station key or MAC', () => {
    for (const secret of ['key', 'mac', 'passkey', 'password']) {
      expect(ADMIN_DEVICE_SHAPE.fields[secret]).toBeUndefined();
      expect(ADMIN_AREA_USER_SHAPE.fields[secret]).toBeUndefined();
    }
  });
});
