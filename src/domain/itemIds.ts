// Ids of the items of a JSON list column (alert rules, plan features), so a patch can address one item
// (`list.<_id>.field`). A given `_id` is kept; an item sent without one takes the id of an unclaimed earlier item
// with the same content (a client that drops ids does not renumber what it did not change), else a new id.
import type { Fail } from './readers';

/** The `_id` of each raw item (undefined when absent) and the items without it, for the list's own checks. */
export function splitIds(input: unknown): { ids: unknown[]; bare: unknown } {
  if (!Array.isArray(input)) return { ids: [], bare: input };
  const ids: unknown[] = [];
  const bare = input.map((raw) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      ids.push(undefined);
      return raw;
    }
    const { _id, ...rest } = raw as Record<string, unknown>;
    ids.push(_id);
    return rest;
  });
  return { ids, bare };
}

/** withItemIds with `fail` building the 400 and `newId` making a 24-hex id (the server's or the mocks'). */
export function itemIdRules(fail: Fail, newId: () => string) {
  function withItemIds<T extends object>(
    ids: unknown[],
    items: T[],
    previous: (T & { _id: string })[],
    what: string,
    field: string,
  ): (T & { _id: string })[] {
    const used = new Set<string>();
    ids.forEach((id, i) => {
      if (id === undefined || id === null || id === '') return;
      if (typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id))
        throw fail(`${what} ${i + 1} has an invalid _id`, { field });
      if (used.has(id)) throw fail(`${what} _id ${id} is used twice`, { field });
      used.add(id);
    });
    const content = (item: object) => {
      const { _id: _omit, ...rest } = item as Record<string, unknown>;
      return JSON.stringify(rest);
    };
    const spare = previous.filter((p) => !used.has(p._id));
    return items.map((item, i) => {
      let id = ids[i] as string | undefined;
      if (!id) {
        const same = spare.findIndex((p) => content(p) === content(item));
        id = same >= 0 ? spare.splice(same, 1)[0]._id : newId();
      }
      return { _id: id, ...item };
    });
  }

  return { withItemIds };
}
