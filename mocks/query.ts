// REST query strings parsed as the real server parses them: Feathers' Koa transport runs koa-qs, which is
// `qs.parse` with its default options (depth 5, arrays up to index 20, `a[]=x`, repeated keys as lists).
import { parse } from 'qs';

export type QueryValue = string | QueryValue[] | Query;
export type Query = { [key: string]: QueryValue };

/** The query of a URL's search part (with or without the leading `?`). */
export const parseQuery = (search: string): Query => parse(search, { ignoreQueryPrefix: true }) as Query;
