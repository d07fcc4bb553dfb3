// The generic list answer for the few list calls the mocks serve: $limit (0..100, default 10), $skip, $paginate,
// with the server's messages. Any other parameter is a 400 saying the mocks do not implement it, rather than an
// answer that would differ from the server's (those parameters are tested against the real server).
import { badRequest } from './errors';
import type { Query } from './query';
import { json } from './respond';
import { num, unpaginated } from './validate';

const PAGING = ['$limit', '$skip', '$paginate'];

function page(query: Query, served: string[]) {
  for (const key of Object.keys(query))
    if (!PAGING.includes(key) && !served.includes(key))
      throw badRequest(`${key} is not implemented by the mocks`);
  const limit = num(query, '$limit', {
    integer: true,
    min: 0,
    max: 100,
    message: '$limit must be a whole number 0..100',
  });
  const skip = num(query, '$skip', {
    integer: true,
    min: 0,
    max: 1_000_000,
    message: '$skip must be a whole number 0..1000000',
  });
  return { limit: limit ?? 10, skip: skip ?? 0 };
}

/** `rows` as a page envelope (or the bare list with $paginate=false); `served`: the call's own parameters. */
export function listAnswer<T>(query: Query, rows: T[], served: string[]) {
  const { limit, skip } = page(query, served);
  const data = rows.slice(skip, skip + limit);
  return json(unpaginated(query) ? data : { total: rows.length, limit, skip, data });
}
