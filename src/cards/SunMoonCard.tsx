// Sun and moon at the station: sunrise, sunset and the moon phase (computed locally from the position).

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Moon } from 'lucide-react';
import * as SunCalc from 'suncalc';
import { moonPhase } from '../domain';
import { sunMoon } from '../domain/sunMoon';
import { CardShell } from './CardShell';
import { timeOfDay } from './format';
import styles from './ListCard.module.css';
import { cardTitle } from './labels';
import type { CardProps } from './types';

const PHASE: Record<string, MessageDescriptor> = {
  new: msg`New moon`,
  waxingCrescent: msg`Waxing crescent`,
  firstQuarter: msg`First quarter`,
  waxingGibbous: msg`Waxing gibbous`,
  full: msg`Full moon`,
  waningGibbous: msg`Waning gibbous`,
  lastQuarter: msg`Last quarter`,
  waningCrescent: msg`Waning crescent`,
};

export function SunMoonCard(props: CardProps) {
  const { t, i18n } = useLingui();
  const { latitude: lat, longitude: lng, timezone } = props.device;
  const date = new Date(props.now);
  const phase = moonPhase(SunCalc.getMoonIllumination(date).phase);
  const hasPlace = typeof lat === 'number' && typeof lng === 'number';
  const sun = hasPlace ? SunCalc.getTimes(date, lat, lng) : null;
  // Moonrise and moonset of the station's local day (the moon may not rise or set on a given day).
  const moon = hasPlace ? sunMoon(lat, lng, timezone, Math.floor(props.now / 1000)) : null;
  const atS = (s: number | null | undefined) => (typeof s === 'number' ? at(new Date(s * 1000)) : '---');
  const at = (d: Date | null | undefined) =>
    d && !Number.isNaN(d.getTime())
      ? timeOfDay(d.getTime() / 1000, timezone, i18n.locale, props.prefs)
      : '---';
  return (
    <CardShell
      cardKey={props.def.key}
      title={cardTitle(props.def.key)}
      icon={Moon}
      color="var(--c-uv)"
      status="none"
      expanded={false}
    >
      <ul className={styles.list}>
        <li className={styles.row}>
          <span>{t`Sunrise`}</span>
          <strong className="tabular">{at(sun?.sunrise)}</strong>
        </li>
        <li className={styles.row}>
          <span>{t`Sunset`}</span>
          <strong className="tabular">{at(sun?.sunset)}</strong>
        </li>
        <li className={styles.row}>
          <span>{t`Moonrise`}</span>
          <strong className="tabular" data-testid="moonrise">
            {atS(moon?.moonrise)}
          </strong>
        </li>
        <li className={styles.row}>
          <span>{t`Moonset`}</span>
          <strong className="tabular" data-testid="moonset">
            {atS(moon?.moonset)}
          </strong>
        </li>
        <li className={styles.row}>
          <span>{t`Moon`}</span>
          <strong>{phase ? i18n._(PHASE[phase]) : '---'}</strong>
        </li>
      </ul>
      {!hasPlace && (
        <p
          className={styles.none}
        >{t`Add the station's latitude and longitude to see sunrise and sunset.`}</p>
      )}
    </CardShell>
  );
}
