// Patch operators for lists kept as JSON columns (spec §7: "Sub-lists are patched with $push, $set or $pull on a
// subpath"). applyListOps turns them into plain patch data (the whole new list) computed from the current record,
// so the service validates the result exactly as if the client had sent the full list.
//
//   $push: {list: item} or {list: {$each: [items]}}     append
//   $pull: {list: value} or {list: {$in: [values]}}     remove items equal to a value; an object value removes
//                                                       the object items whose given fields all match
//   $set:  {field: value}                               the same as a plain field
//          {'list.<key>.field': value}                  one field of the item whose key (`_id`, or the list's
//          {'list.<key>': item}                         own key field such as `channel`) is <key>: 400 if none
// Applied in that order: plain fields and whole-field $set, item $set, $pull, $push. A list may not be both sent
// whole and changed by an operator in one patch.
import type { Fail } from './readers';

export interface ListField {
  /** The field that identifies an item of a list of objects in `$set` paths ('_id', 'channel'). */
  key?: string;
}

export type ListFields = Record<string, ListField>;

const OPERATORS = new Set(['$push', '$pull', '$set']);
const MAX_EACH = 100;

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);
const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));

/** Whether a list item matches a $pull value: equal, or (for an object value) equal in every given field. */
function matches(item: unknown, value: unknown): boolean {
  if (isObject(value)) {
    if (!isObject(item)) return false;
    return Object.entries(value).every(([k, v]) => JSON.stringify(item[k]) === JSON.stringify(v));
  }
  return item === value;
}

/** The operators with `fail` building the 400 (the server's and the mocks' error types). */
export function listOpsRules(fail: Fail) {
  function applyListOps(
    current: Record<string, unknown>,
    patch: unknown,
    lists: ListFields,
  ): Record<string, unknown> {
    if (!isObject(patch)) throw fail('The body must be an object');
    const ops = Object.keys(patch).filter((k) => k.startsWith('$'));
    if (ops.length === 0) return patch;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(patch)) {
      if (!k.startsWith('$')) out[k] = v;
      else if (!OPERATORS.has(k)) throw fail(`Unknown patch operator ${k}`);
      else if (!isObject(v)) throw fail(`${k} must be an object`);
    }
    const plain = new Set(Object.keys(out));
    const touched = new Map<string, unknown[]>();
    const listOf = (field: string, op: string): unknown[] => {
      if (!Object.hasOwn(lists, field)) throw fail(`${field} cannot be changed with ${op}`);
      if (plain.has(field)) throw fail(`${field} is both sent whole and changed with ${op}`);
      let list = touched.get(field);
      if (!list) {
        list = Array.isArray(current[field]) ? clone(current[field] as unknown[]) : [];
        touched.set(field, list);
      }
      return list;
    };

    const set = (patch.$set ?? {}) as Record<string, unknown>;
    for (const [path, value] of Object.entries(set)) {
      if (path.includes('.')) continue;
      if (plain.has(path)) throw fail(`${path} is both sent and changed with $set`);
      out[path] = value;
    }
    for (const key of Object.keys(out)) plain.add(key);
    for (const [path, value] of Object.entries(set)) {
      if (!path.includes('.')) continue;
      const [field, id, sub, ...rest] = path.split('.');
      const keyField = Object.hasOwn(lists, field) ? lists[field].key : undefined;
      if (!keyField || !id || rest.length > 0 || sub === '')
        throw fail(`${path} cannot be set: use list.<${keyField ?? '_id'}>.field`);
      const list = listOf(field, '$set');
      const index = list.findIndex((item) => isObject(item) && String(item[keyField]) === id);
      if (index < 0) throw fail(`${field} has no item with ${keyField} ${id}`, { field });
      const item = list[index] as Record<string, unknown>;
      if (sub === undefined) {
        if (!isObject(value)) throw fail(`${path} must be an object`, { field });
        list[index] = { ...clone(value), [keyField]: item[keyField] };
      } else if (sub === keyField) throw fail(`${path} cannot be changed`, { field });
      else item[sub] = clone(value);
    }

    for (const [field, value] of Object.entries((patch.$pull ?? {}) as Record<string, unknown>)) {
      const list = listOf(field, '$pull');
      const values =
        isObject(value) && Object.keys(value).length === 1 && Array.isArray(value.$in) ? value.$in : [value];
      const kept = list.filter((item) => !values.some((v) => matches(item, v)));
      touched.set(field, kept);
    }

    for (const [field, value] of Object.entries((patch.$push ?? {}) as Record<string, unknown>)) {
      const list = listOf(field, '$push');
      let items = [value];
      if (isObject(value) && '$each' in value) {
        if (!Array.isArray(value.$each) || Object.keys(value).length !== 1)
          throw fail(`$push.${field}.$each must be a list`, { field });
        items = value.$each;
      }
      if (items.length > MAX_EACH) throw fail(`$push may add at most ${MAX_EACH} items at once`);
      list.push(...clone(items));
    }

    for (const [field, list] of touched) out[field] = list;
    return out;
  }

  return { applyListOps };
}
