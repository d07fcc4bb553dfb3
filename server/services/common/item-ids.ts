// Ids of the items of a JSON list column (alert rules, plan features), so a patch can address one item
// (`list.<_id>.field`). A given `_id` is kept; an item sent without one takes the id of an unclaimed earlier item
// with the same content (a client that drops ids does not renumber what it did not change), else a new id.
import { BadRequest } from '@feathersjs/errors';
import { itemIdRules } from '../../../src/domain/itemIds';
import { objectId } from '../../storage/ids';

export { splitIds } from '../../../src/domain/itemIds';

// The rules are src/domain/itemIds.ts's (the mocks number list items with them too), with Feathers' 400.
export const { withItemIds } = itemIdRules(
  (message, data) => new BadRequest(message, data),
  () => objectId(),
);
