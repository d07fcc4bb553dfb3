// What an alert rule can watch on a station (server/alerts/rules.ts decides the same): the metrics its type
// reports that make sense as a threshold, plus the three triggers of spec §9. Labels in words, never keys.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { cardTitle, metricLabel, sensorLabel } from '../../cards/labels';
import type { AlertRule } from '../../db/schema';
import {
  alertBounds,
  CARDS,
  deviceType,
  findUnit,
  homeCard,
  METRIC_BY_KEY,
  type UnitPrefs,
  unitFor,
} from '../../domain';
import { BARO_DROP, isThresholdMetric, LOST_DATA, LOST_LINK } from '../../domain/alertItems';
import type { Device } from '../../domain/contract';

export { BARO_DROP, LOST_DATA, LOST_LINK };

export type Condition = NonNullable<AlertRule['condition']>;

export interface ItemOption {
  value: string;
  label: string;
  group: string;
}

function channelName(device: Device, cardKey: string, channel: number): string | undefined {
  if (!/^channel\d$/.test(cardKey)) return undefined;
  return device.channelNameMapping?.find((m) => m.channel === channel)?.name || undefined;
}

/** "Outdoor · Temperature", "Greenhouse · Humidity": the card the key belongs to, then the reading. */
export function itemLabel(item: string, device?: Device): string {
  if (item === LOST_DATA) return i18n._(msg`Lost data upload`);
  if (item === LOST_LINK) return i18n._(msg`Lost link`);
  if (item === BARO_DROP) return i18n._(msg`Baro pressure drop`);
  const card = homeCard(item);
  const reading = metricLabel(item);
  if (!card) return reading;
  const title = cardTitle(card.key, device ? channelName(device, card.key, card.channel) : undefined);
  return title.includes(reading) ? title : `${title} · ${reading}`;
}

/**
 * The items a station offers, grouped by card, then the special triggers. With `seen` (keys the station has
 * reported, issue 22) only those: a plain TFT station's list is not every sensor its type could have. `keep`
 * (the rule being edited) stays listed.
 */
export function itemsFor(device: Device, seen?: ReadonlySet<string>, keep?: string): ItemOption[] {
  const type = deviceType(device.consoletype);
  const reported = seen && [...seen].some((k) => METRIC_BY_KEY[k]) ? seen : null;
  const has = new Set(type.metrics.filter((k) => !reported || reported.has(k) || k === keep));
  const out: ItemOption[] = [];
  // The heat-stress card is an add-on: its readings come after the station's own.
  const cards = [...CARDS.filter((c) => c.key !== 'wbgt'), ...CARDS.filter((c) => c.key === 'wbgt')];
  for (const card of cards) {
    if (card.kind !== 'metric') continue;
    const group = cardTitle(card.key, channelName(device, card.key, card.channel));
    for (const key of card.metrics) {
      const def = METRIC_BY_KEY[key];
      if (!has.has(key) || !isThresholdMetric(def) || homeCard(key) !== card) continue;
      out.push({ value: key, label: itemLabel(key, device), group });
    }
  }
  const other = i18n._(msg`Station`);
  out.push({ value: LOST_DATA, label: itemLabel(LOST_DATA), group: other });
  if (linkSensors(device).length) out.push({ value: LOST_LINK, label: itemLabel(LOST_LINK), group: other });
  if (baroSensors(device).length) out.push({ value: BARO_DROP, label: itemLabel(BARO_DROP), group: other });
  return out;
}

/** Link flags of the type (cnc0, cnc1, …): the sensors a lost-link alert can watch. */
export function linkSensors(device: Device): { value: string; label: string }[] {
  return deviceType(device.consoletype)
    .metrics.filter((k) => k.startsWith('cn'))
    .map((k) => {
      const m = k.match(/^cnc(\d)$/);
      const name = m ? channelName(device, `channel${m[1]}`, Number(m[1])) : undefined;
      return { value: k, label: name ?? sensorLabel(k) };
    });
}

export function baroSensors(device: Device): { value: string; label: string }[] {
  const has = new Set(deviceType(device.consoletype).metrics);
  return ['relbaro', 'absbaro'].filter((k) => has.has(k)).map((k) => ({ value: k, label: metricLabel(k) }));
}

/** The metric whose value and unit a rule's value is typed in (the barometer for a pressure drop). */
export function valueMetric(rule: Pick<AlertRule, 'item' | 'sensor'>): string | null {
  if (rule.item === LOST_DATA || rule.item === LOST_LINK) return null;
  if (rule.item === BARO_DROP) return rule.sensor || 'relbaro';
  return rule.item;
}

/** Conditions a threshold item allows (spec §5: some are fixed to above or below); none for the triggers. */
export function conditionsFor(item: string): Condition[] {
  if (item === LOST_DATA || item === LOST_LINK || item === BARO_DROP) return [];
  const fixed = alertBounds(item)?.condition;
  if (fixed === 'above') return ['above', 'overOrEqual'];
  if (fixed === 'below') return ['below'];
  return ['above', 'below', 'overOrEqual'];
}

export function conditionLabel(c: Condition): string {
  if (c === 'above') return i18n._(msg`Above`);
  if (c === 'below') return i18n._(msg`Below`);
  return i18n._(msg`Over or equal`);
}

export function methodLabel(m: AlertRule['method']): string {
  return m === 'email' ? i18n._(msg`Email`) : i18n._(msg`Notification`);
}

/** Units a value can be typed in: the metric's units with a display name (none for unitless readings). */
export function unitsFor(metric: string | null): { value: string; label: string }[] {
  const def = metric ? METRIC_BY_KEY[metric] : undefined;
  if (!def) return [];
  return def.units.filter((u) => u.displayName).map((u) => ({ value: u.unit, label: u.displayName }));
}

export function defaultUnit(metric: string | null, prefs: UnitPrefs): string | undefined {
  const def = metric ? METRIC_BY_KEY[metric] : undefined;
  if (!def) return undefined;
  const u = unitFor(def, prefs);
  return u.displayName ? u.unit : undefined;
}

export function unitLabel(metric: string | null, unit?: string): string {
  const def = metric ? METRIC_BY_KEY[metric] : undefined;
  return def ? findUnit(def, unit).displayName : '';
}

/** One line describing a rule: "Above 30 °C", "Relative, 2 hPa in 5 minutes", "Channel 2". */
export function ruleSummary(rule: AlertRule, device: Device, locale: string): string {
  const metric = valueMetric(rule);
  const value =
    rule.value === undefined || rule.value === null
      ? ''
      : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(rule.value)}${
          unitLabel(metric, rule.unit) ? ` ${unitLabel(metric, rule.unit)}` : ''
        }`;
  if (rule.item === LOST_DATA) return i18n._(msg`No upload for 30 minutes`);
  if (rule.item === LOST_LINK) {
    const sensor = rule.sensor ? linkSensors(device).find((s) => s.value === rule.sensor)?.label : null;
    return sensor
      ? i18n._(msg`${sensor}: no signal for 30 minutes`)
      : i18n._(msg`Any sensor: no signal for 30 minutes`);
  }
  if (rule.item === BARO_DROP) {
    const sensor = metricLabel(rule.sensor || 'relbaro');
    return i18n._(msg`${sensor}: drop of ${value} within 5 minutes`);
  }
  const condition = rule.condition ?? conditionsFor(rule.item)[0];
  return `${conditionLabel(condition)} ${value}`;
}
