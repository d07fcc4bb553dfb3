// Words for metric keys, card titles and level ids: no raw keys on screen (docs/ui.md "Words").
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CARD_WORDS, NUMBERED_CARD_WORDS, readingWords } from '../domain/words/cards';

/** A reading's in-card name (src/domain/words/cards.ts, which the export's headers read too). */
export function metricLabel(key: string): string {
  // On the leakage card each leak sensor is listed by its number.
  const leak = key.match(/^leakc(\d)$/);
  if (leak) return i18n._(msg`Sensor ${leak[1]}`);
  const words = readingWords(key);
  return words ? i18n._(words) : key;
}

/** Battery and link keys name the sensor they belong to. */
export function sensorLabel(key: string): string {
  const k = key.replace(/^(bat|cn)/, '');
  if (k === 'in') return i18n._(msg`Console`);
  if (k === 'c0') return i18n._(msg`Outdoor sensor`);
  if (k === 'lightning') return i18n._(msg`Lightning sensor`);
  if (k === 'hcho') return i18n._(msg`HCHO/VOC sensor`);
  if (k === 'co2') return i18n._(msg`CO₂ sensor`);
  if (k === 'co') return i18n._(msg`CO sensor`);
  if (k === 'bgt') return i18n._(msg`Black globe sensor`);
  let m = k.match(/^c(\d)$/);
  if (m) return i18n._(msg`Channel ${m[1]}`);
  m = k.match(/^leakc(\d)$/);
  if (m) return i18n._(msg`Leak sensor ${m[1]}`);
  m = k.match(/^pmc(\d)$/);
  if (m) return i18n._(msg`PM sensor ${m[1]}`);
  m = k.match(/^soilc(\d)$/);
  if (m) return i18n._(msg`Soil sensor ${m[1]}`);
  m = k.match(/^tfc(\d)$/);
  if (m) return i18n._(msg`Temperature probe ${m[1]}`);
  m = k.match(/^leafc(\d)$/);
  if (m) return i18n._(msg`Leaf sensor ${m[1]}`);
  return key;
}

/** A card's title; channel cards use the user's channel name when there is one. */
export function cardTitle(key: string, channelName?: string): string {
  if (channelName) return channelName;
  const words = CARD_WORDS[key];
  if (words) return i18n._(words);
  const m = key.match(/^(channel|pmChannel|soil|probe|leaf)(\d)$/);
  if (m)
    return i18n._({ ...NUMBERED_CARD_WORDS[m[1] as keyof typeof NUMBERED_CARD_WORDS], values: { n: m[2] } });
  return key;
}

const LEVEL: Record<string, MessageDescriptor> = {
  safe: msg`Safe`,
  caution: msg`Caution`,
  extremeCaution: msg`Extreme caution`,
  danger: msg`Danger`,
  extremeDanger: msg`Extreme danger`,
  good: msg`Good`,
  moderate: msg`Moderate`,
  poor: msg`Poor`,
  unhealthy: msg`Unhealthy`,
  veryUnhealthy: msg`Very unhealthy`,
  hazardous: msg`Hazardous`,
  bad: msg`Bad`,
  veryGood: msg`Very good`,
  low: msg({ message: 'Low', context: 'level' }),
  high: msg({ message: 'High', context: 'level' }),
  veryHigh: msg`Very high`,
  extreme: msg`Extreme`,
  leak: msg`Leak`,
  noLeak: msg`No leak`,
  na: msg`Not available`,
  // EU CAQI and UK DAQI bands (src/domain/airIndex.ts), in each standard's own words.
  caqiVeryLow: msg`Very low`,
  caqiLow: msg({ message: 'Low', context: 'level' }),
  caqiMedium: msg`Medium`,
  caqiHigh: msg({ message: 'High', context: 'level' }),
  caqiVeryHigh: msg`Very high`,
  daqiLow: msg({ message: 'Low', context: 'level' }),
  daqiModerate: msg({ message: 'Moderate', context: 'level' }),
  daqiHigh: msg({ message: 'High', context: 'level' }),
  daqiVeryHigh: msg`Very high`,
  // Soil moisture and visibility (spec §4 level scales).
  veryDry: msg`Very dry`,
  dry: msg`Dry`,
  wet: msg`Wet`,
  veryWet: msg`Very wet`,
  fog: msg`Fog`,
  haze: msg`Haze`,
  clear: msg`Clear`,
};

export function levelLabel(level: string): string {
  const d = LEVEL[level];
  return d ? i18n._(d) : level;
}

/** Tone of a level id for the colour band (text always shown beside it). */
export function levelTone(level: string): string {
  switch (level) {
    case 'good':
    case 'veryGood':
    case 'safe':
    case 'low':
    case 'noLeak':
    case 'caqiVeryLow':
    case 'caqiLow':
    case 'daqiLow':
    case 'wet':
    case 'clear':
      return 'good';
    case 'moderate':
    case 'caution':
    case 'caqiMedium':
    case 'daqiModerate':
    case 'dry':
    case 'veryWet':
    case 'haze':
      return 'moderate';
    case 'poor':
    case 'extremeCaution':
    case 'high':
    case 'caqiHigh':
    case 'veryDry':
    case 'fog':
      return 'poor';
    case 'unhealthy':
    case 'danger':
    case 'bad':
    case 'leak':
    case 'daqiHigh':
      return 'unhealthy';
    case 'veryUnhealthy':
    case 'veryHigh':
    case 'caqiVeryHigh':
    case 'daqiVeryHigh':
      return 'veryunhealthy';
    case 'hazardous':
    case 'extremeDanger':
    case 'extreme':
      return 'hazardous';
    default:
      return 'na';
  }
}
