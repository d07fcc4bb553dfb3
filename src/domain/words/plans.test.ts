import { describe, expect, it } from 'vitest';
import { PLAN_WORDS, planText } from './plans';
import type { Words } from './types';

const show = (w: Words) => `[${w.id}]`;

describe('planText', () => {
  it("translates a seed plan's English text, and keeps an admin's own words as typed", () => {
    expect(planText('Premium monthly', show)).toBe('[plan.monthly]');
    expect(planText('Premium that never expires.', show)).toBe('[plan.lifetime.description]');
    expect(planText('Up to 5 stations per order', show)).toBe('[plan.feature.fiveStations]');
    expect(planText('Premium Monthly', show)).toBe('Premium Monthly');
    expect(planText('plan.free', show)).toBe('plan.free');
    expect(planText('', show)).toBe('');
  });

  it('has one English text per word, so a text finds its word', () => {
    const texts = Object.values(PLAN_WORDS).map((w) => w.message);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
