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
import { BadRequest } from '@feathersjs/errors';
import { listOpsRules } from '../../../src/domain/listOps';

export type { ListField, ListFields } from '../../../src/domain/listOps';

// The operators are src/domain/listOps.ts's (the mocks patch lists with them too); here with Feathers' 400.
export const { applyListOps } = listOpsRules((message, data) => new BadRequest(message, data));
