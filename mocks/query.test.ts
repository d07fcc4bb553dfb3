import { describe, expect, test } from 'vitest';
import { parseQuery as parse } from './query';

describe('query strings as the server (koa-qs) parses them', () => {
  test('lists, scopes and plain values', () => {
    expect(parse('devices[0]=a&devices[1]=b')).toEqual({ devices: ['a', 'b'] });
    expect(parse('?$devices[owned]=true&$devices[public][0]=x&$limit=1')).toEqual({
      $devices: { owned: 'true', public: ['x'] },
      $limit: '1',
    });
    expect(parse('metrics[]=mean_tempc0&metrics[]=max_gust')).toEqual({
      metrics: ['mean_tempc0', 'max_gust'],
    });
    expect(parse('_id[$in][0]=a')).toEqual({ _id: { $in: ['a'] } });
    expect(parse('wsid=abc&wsid=def')).toEqual({ wsid: ['abc', 'def'] });
  });

  test('the edge cases a hand-written parser got wrong: sparse and large indices, encoded brackets, depth', () => {
    // qs compacts sparse arrays and turns indices above 20 into object keys, as the server sees them.
    expect(parse('devices[2]=b&devices[0]=a')).toEqual({ devices: ['a', 'b'] });
    expect(parse('devices[21]=x')).toEqual({ devices: { '21': 'x' } });
    expect(parse('devices%5B0%5D=a&q=a%20b%2Bc')).toEqual({ devices: ['a'], q: 'a b+c' });
    expect(parse('a[b][c][d][e][f][g]=1')).toEqual({ a: { b: { c: { d: { e: { f: { '[g]': '1' } } } } } } });
  });
});
