// Alert rules (spec §3 Alert rule, §5 bounds, §9 triggers): validation of what a client sends, and the
// compiled form the engine evaluates. Values are typed in a display unit and kept as typed (the client shows
// them back); the engine compares in base units.
import { BadRequest } from '@feathersjs/errors';
import { BARO_DROP, isThresholdMetric, LOST_DATA, LOST_LINK, TRIGGERS } from '../../src/domain/alertItems';
import { METRIC_BY_KEY } from '../../src/domain/catalogue';
import type { AlertRule } from '../../src/domain/contract';
import { deviceType } from '../../src/domain/deviceTypeDefs';
import type { ErrorCode } from '../../src/domain/errors';
import { fromDisplay } from '../../src/domain/units';
import { UNIT_TYPES } from '../../src/domain/unitTypes';
import { alertBounds, validateAlertValue } from '../../src/domain/validate';
import { codedError } from '../hooks/error-codes';

/** The wire shape, declared once with the service's records. */
export type { AlertRule };
export type Condition = NonNullable<AlertRule['condition']>;
export type Method = AlertRule['method'];

/** Triggers that are not a metric compared with a threshold (spec §9). */
export { BARO_DROP, LOST_DATA, LOST_LINK };

/** 30 minutes without an upload / with a sensor's link flag at 0; a pressure drop within 5 minutes. */
export const LOST_DATA_AFTER = 30 * 60;
export const LOST_LINK_AFTER = 30 * 60;
export const BARO_WINDOW = 5 * 60;

const CONDITIONS = new Set<Condition>(['above', 'below', 'overOrEqual']);
const METHODS = new Set<Method>(['email', 'notification']);
const BARO_KEYS = new Set(['relbaro', 'absbaro']);
const MAX_RULES = 100;

const bad = (message: string, field = 'settings') => new BadRequest(message, { field });
const badCode = (code: ErrorCode, field: string) => codedError(BadRequest, code, { field });

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

/** Link flags a station type reports (cnc0, cnc1, …, cnlightning, …). */
function linkKeys(consoletype: number): string[] {
  return deviceType(consoletype).metrics.filter((k) => k.startsWith('cn'));
}

/** Validates the settings list of an alertSettings record for a station type; throws a 400 on bad input. */
export function parseRules(input: unknown, consoletype: number): AlertRule[] {
  if (!Array.isArray(input)) throw bad('settings must be a list of alert rules');
  if (input.length > MAX_RULES) throw bad(`At most ${MAX_RULES} alert rules per station`);
  const type = deviceType(consoletype);
  return input.map((raw, i) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw))
      throw bad(`Alert rule ${i + 1} must be an object`);
    const r = raw as Record<string, unknown>;
    for (const k of Object.keys(r))
      if (!['item', 'condition', 'value', 'unit', 'method', 'sensor', 'trigger'].includes(k))
        throw bad(`${k} cannot be set on an alert rule`);
    const item = r.item;
    if (typeof item !== 'string' || item === '') throw bad('Alert item is required');
    const method = r.method;
    if (typeof method !== 'string' || !METHODS.has(method as Method))
      throw bad("Alert method must be 'email' or 'notification'");
    if (!isEmpty(r.sensor) && (typeof r.sensor !== 'string' || r.sensor.length > 32))
      throw bad('sensor must be a sensor key');
    if (!isEmpty(r.trigger) && (typeof r.trigger !== 'string' || r.trigger.length > 32))
      throw bad('trigger must be text of at most 32 characters');
    const rule: AlertRule = { item, method: method as Method };
    if (!isEmpty(r.trigger)) rule.trigger = r.trigger as string;

    if (TRIGGERS.has(item)) {
      if (!isEmpty(r.condition)) throw bad(`${item} alerts take no condition`);
      if (item === LOST_LINK) {
        if (!isEmpty(r.sensor)) {
          if (!linkKeys(consoletype).includes(r.sensor as string))
            throw bad(`Unknown sensor ${r.sensor} for this station type`);
          rule.sensor = r.sensor as string;
        }
        return rule;
      }
      if (item === LOST_DATA) return rule;
      // baroDrop: the drop in hPa (or another pressure unit) within 5 minutes, 1..20 hPa.
      const sensor = isEmpty(r.sensor) ? 'relbaro' : (r.sensor as string);
      if (!BARO_KEYS.has(sensor)) throw bad("baroDrop sensor must be 'relbaro' or 'absbaro'");
      if (!type.metrics.includes(sensor)) throw bad('This station type has no barometer');
      const unit = checkUnit(sensor, r.unit);
      const msg = validateAlertValue(sensor, r.value, unit);
      if (msg) throw badCode(msg, 'value');
      rule.value = Number(r.value);
      if (unit) rule.unit = unit;
      if (sensor !== 'relbaro') rule.sensor = sensor;
      return rule;
    }

    const def = METRIC_BY_KEY[item];
    if (!isThresholdMetric(def)) throw bad(`Unknown alert item: ${item}`, 'item');
    if (!type.metrics.includes(item)) throw bad(`This station type does not report ${item}`, 'item');
    const bounds = alertBounds(item);
    let condition = isEmpty(r.condition) ? bounds?.condition : r.condition;
    if (typeof condition !== 'string' || !CONDITIONS.has(condition as Condition))
      throw bad("Alert condition must be 'above', 'below' or 'overOrEqual'", 'condition');
    if (bounds?.condition === 'above' && condition === 'below')
      throw bad(`${item} alerts can only be 'above'`, 'condition');
    if (bounds?.condition === 'below' && condition !== 'below')
      throw bad(`${item} alerts can only be 'below'`, 'condition');
    condition = condition as Condition;
    const unit = checkUnit(item, r.unit);
    const msg = validateAlertValue(item, r.value, unit);
    if (msg) throw badCode(msg, 'value');
    rule.condition = condition as Condition;
    rule.value = Number(r.value);
    if (unit) rule.unit = unit;
    if (!isEmpty(r.sensor)) rule.sensor = r.sensor as string;
    return rule;
  });
}

/** A unit of the item's catalogue entry (case-insensitive), returned as the catalogue spells it. */
function checkUnit(item: string, unit: unknown): string | undefined {
  if (isEmpty(unit)) return undefined;
  const def = METRIC_BY_KEY[item];
  const u =
    typeof unit === 'string' ? def.units.find((d) => d.unit.toLowerCase() === unit.toLowerCase()) : undefined;
  if (!u) throw badCode('wrongInput', 'unit');
  return u.unit;
}

// ---- compiled rules ----

export function hysteresisFor(item: string): number {
  const def = METRIC_BY_KEY[item];
  const own = def ? UNIT_TYPES[def.unitType].hysteresis : undefined;
  if (own !== undefined) return own;
  const b = alertBounds(item);
  return b ? 0.02 * (b.max - b.min) : 0;
}

export interface CompiledRule {
  /** Identity of the alert this rule raises (same item, sensor, condition and threshold = one alert). */
  key: string;
  item: string;
  /** The metric compared (item itself, the baro key for baroDrop, the link key for a per-sensor lostLink). */
  metric?: string;
  sensor?: string;
  condition?: Condition;
  /** Threshold in base units. */
  threshold?: number;
  margin: number;
  unit?: string;
  methods: Set<Method>;
}

/** Groups rules into alerts: rules differing only by method deliver one alert both ways. */
export function compile(rules: AlertRule[]): CompiledRule[] {
  const out = new Map<string, CompiledRule>();
  for (const r of rules) {
    let c: Omit<CompiledRule, 'key' | 'methods'>;
    if (r.item === LOST_DATA) c = { item: r.item, margin: 0 };
    else if (r.item === LOST_LINK) c = { item: r.item, sensor: r.sensor, metric: r.sensor, margin: 0 };
    else if (r.item === BARO_DROP) {
      const metric = r.sensor ?? 'relbaro';
      c = {
        item: r.item,
        metric,
        sensor: r.sensor,
        condition: 'overOrEqual',
        threshold: fromDisplay(metric, r.value, r.unit) ?? 0,
        margin: hysteresisFor(metric),
        unit: r.unit,
      };
    } else {
      const threshold = fromDisplay(r.item, r.value, r.unit);
      if (threshold === null) continue;
      c = {
        item: r.item,
        metric: r.item,
        sensor: r.sensor,
        condition: r.condition,
        threshold,
        margin: hysteresisFor(r.item),
        unit: r.unit,
      };
    }
    const key = [
      c.item,
      c.sensor ?? '',
      c.condition ?? '',
      c.threshold === undefined ? '' : +c.threshold.toFixed(4),
    ]
      .join('|')
      .slice(0, 120);
    const seen = out.get(key);
    if (seen) seen.methods.add(r.method);
    else out.set(key, { ...c, key, methods: new Set([r.method]) });
  }
  return [...out.values()];
}

/** Whether a value meets the rule's condition (raise). */
export function meets(rule: CompiledRule, v: number): boolean {
  const t = rule.threshold ?? 0;
  if (rule.condition === 'above') return v > t;
  if (rule.condition === 'overOrEqual') return v >= t;
  return v < t;
}

/** Whether a value is back past the threshold by the hysteresis margin (a step towards clearing). */
export function recovered(rule: CompiledRule, v: number): boolean {
  const t = rule.threshold ?? 0;
  return rule.condition === 'below' ? v >= t + rule.margin : v <= t - rule.margin;
}
