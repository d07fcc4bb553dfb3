import { describe, expect, test } from 'vitest';
import { parseQuery } from './query';

const parse = (s: string) => parseQuery(new URLSearchParams(s));

describe('query strings as the server parses them', () => {
  test('lists, scopes and plain values', () => {
    expect(parse('devices[0]=a&devices[1]=b')).toEqual({ devices: ['a', 'b'] });
    expect(parse('$devices[owned]=true&$devices[public][0]=x&$limit=1')).toEqual({
      $devices: { owned: 'true', public: ['x'] },
      $limit: '1',
    });
    expect(parse('metrics[]=mean_tempc0&metrics[]=max_gust')).toEqual({
      metrics: ['mean_tempc0', 'max_gust'],
    });
    expect(parse('_id[$in][0]=a')).toEqual({ _id: { $in: ['a'] } });
    expect(parse('wsid=abc&wsid=def')).toEqual({ wsid: ['abc', 'def'] });
  });
});
