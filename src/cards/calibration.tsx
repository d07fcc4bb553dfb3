// How a calibration reads on screen (issue 24): "+0.5 °C", "×1.02", "×1.02 −0.3 hPa", in the unit readings are
// stored in (the terms are in it). A card's details say which of its readings are calibrated.
import { useLingui } from '@lingui/react/macro';
import { useSettings } from '../db/hooks';
import { METRIC_BY_KEY } from '../domain';
import { activeCalibrations, type CalibrationEntry } from '../domain/calibration';
import type { Device } from '../domain/contract';
import { localizeNumber } from '../i18n/format';
import styles from './Details.module.css';
import { metricLabel } from './labels';

/** The unit readings of a metric are stored in. */
export function baseUnitName(key: string): string {
  const def = METRIC_BY_KEY[key];
  return def ? (def.units.find((u) => u.ratio === 1 && u.offset === 0) ?? def.units[0]).displayName : '';
}

export function correctionText(e: CalibrationEntry, locale: string): string {
  const n = (x: number) => localizeNumber(String(Math.round(Math.abs(x) * 10000) / 10000), locale);
  const sign = (x: number) => (x < 0 ? '−' : '+');
  const parts: string[] = [];
  if (e.quadratic !== 0) parts.push(`${e.quadratic < 0 ? '−' : ''}${n(e.quadratic)}·v²`);
  if (e.multiplier !== 1) parts.push(`×${e.multiplier < 0 ? '−' : ''}${n(e.multiplier)}`);
  if (e.offset !== 0) parts.push(`${sign(e.offset)}${n(e.offset)} ${baseUnitName(e.key)}`.trim());
  return parts.join(' ');
}

/** "Outdoor temperature: calibrated (+0.5 °C)" for each of `keys` with a calibration in effect. */
export function CalibratedNote({ device, keys }: { device: Device; keys: string[] }) {
  const { t, i18n } = useLingui();
  const settings = useSettings('calibration', device._id);
  const shown = new Set(keys);
  const active = activeCalibrations(settings?.entries ?? [], Date.now()).filter((e) => shown.has(e.key));
  if (active.length === 0) return null;
  return (
    <ul className={styles.calibrated} data-testid="calibrated">
      {active.map((e) => (
        <li key={e.key}>{t`${metricLabel(e.key)}: calibrated (${correctionText(e, i18n.locale)})`}</li>
      ))}
    </ul>
  );
}
