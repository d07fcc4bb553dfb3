import { describe, expect, it } from 'vitest';
import { columnsOf, fromCoded, rowOf, toCoded } from './codec';

const rows = [
  { time: 100, humc0: 50, tempc0: 20.5, device: 'abc' },
  { time: 400, tempin: 22, tempc0: null, extra: 1 },
];

describe('codec', () => {
  it('orders columns: time, catalogue order, then other keys', () => {
    expect(columnsOf(rows)).toEqual(['time', 'tempin', 'tempc0', 'humc0', 'device', 'extra']);
  });

  it('builds [columns, rows] with null for missing values', () => {
    expect(toCoded(rows)).toEqual([
      ['time', 'tempin', 'tempc0', 'humc0', 'device', 'extra'],
      [
        [100, null, 20.5, 50, 'abc', null],
        [400, 22, null, null, null, 1],
      ],
    ]);
    expect(toCoded(rows, ['time', 'tempc0'])).toEqual([
      ['time', 'tempc0'],
      [
        [100, 20.5],
        [400, null],
      ],
    ]);
    expect(toCoded([])).toEqual([['time'], []]);
  });

  it('round-trips', () => {
    const back = fromCoded(toCoded(rows));
    expect(back[0]).toEqual({ time: 100, tempin: null, tempc0: 20.5, humc0: 50, device: 'abc', extra: null });
    expect(back[1]).toEqual({ time: 400, tempin: 22, tempc0: null, humc0: null, device: null, extra: 1 });
    expect(toCoded(back)).toEqual(toCoded(rows));
  });

  it('reads one row by column name, -1 being the last', () => {
    const coded = toCoded(rows);
    expect(rowOf(coded, 0)?.tempc0).toBe(20.5);
    expect(rowOf(coded, -1)).toMatchObject({ time: 400, tempin: 22 });
    expect(rowOf(coded, 2)).toBeUndefined();
    expect(rowOf([['time'], []], -1)).toBeUndefined();
  });
});

describe('columns (a mutation survivor, issue 30)', () => {
  it('a key whose value is undefined in every row is no column', () => {
    expect(
      columnsOf([
        { time: 1, tempc0: undefined, extra: 2 },
        { time: 2, humc0: undefined },
      ]),
    ).toEqual(['time', 'extra']);
  });
});
