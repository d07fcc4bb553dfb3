import { describe, expect, it } from 'vitest';
import { displaySettingsRules } from './displaySettingsInput';
import { inputReaders } from './readers';

class Refused extends Error {
  constructor(
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}
const fields = (input: unknown, creating = false) =>
  displaySettingsRules(inputReaders((message, data) => new Refused(message, data)))(input, creating);
const refusal = (input: unknown, creating = false) => {
  try {
    fields(input, creating);
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    return { message: e.message, data: e.data };
  }
  throw new Error('accepted');
};

describe('displayFields', () => {
  it('creates empty lists and the day range for what is not sent', () => {
    expect(fields({}, true)).toEqual({
      metricsList: [],
      detailList: [],
      graphList: [],
      chosenList: [],
      graphRange: 'day',
    });
    expect(fields({ graphList: ['tempin'], graphRange: 'week', weatherDevice: 'd', _id: 'x' }, true)).toEqual(
      {
        metricsList: [],
        detailList: [],
        graphList: ['tempin'],
        chosenList: [],
        graphRange: 'week',
      },
    );
  });

  it('changes only what a patch sends, each key of a list once', () => {
    expect(fields({})).toEqual({});
    expect(fields({ metricsList: ['a', 'b', 'a'], chosenList: [], graphRange: ' custom ' })).toEqual({
      metricsList: ['a', 'b'],
      chosenList: [],
      graphRange: 'custom',
    });
    expect(fields({ detailList: ['x'.repeat(40)] })).toEqual({ detailList: ['x'.repeat(40)] });
    const many = Array.from({ length: 300 }, (_, i) => `k${i}`);
    expect(fields({ graphList: many })).toEqual({ graphList: many });
    for (const graphRange of ['day', 'last24H', 'week', 'month', 'year'])
      expect(fields({ graphRange })).toEqual({ graphRange });
  });

  it('refuses a list that is not of at most 300 keys of up to 40 characters', () => {
    for (const [list, v] of [
      ['metricsList', 'tempin'],
      ['detailList', [1]],
      ['graphList', ['x'.repeat(41)]],
      ['chosenList', Array.from({ length: 301 }, (_, i) => `k${i}`)],
    ] as const)
      expect(refusal({ [list]: v })).toEqual({
        message: `${list} must be a list of keys`,
        data: { field: list },
      });
  });

  it('refuses an unknown range or field', () => {
    expect(refusal({ graphRange: 'decade' })).toEqual({
      message: 'Unknown graph range',
      data: { field: 'graphRange' },
    });
    expect(refusal({ graphRange: 'x'.repeat(17) })).toEqual({
      message: 'graphRange is longer than 16 characters',
      data: { field: 'graphRange' },
    });
    expect(refusal({ owner: 'x' })).toEqual({ message: 'owner cannot be set', data: undefined });
    expect(refusal([])).toEqual({ message: 'The body must be an object', data: undefined });
  });
});
