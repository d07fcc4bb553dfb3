// Sun and moon at the station: sunrise, sunset and the moon phase (computed locally from the position).

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Moon } from 'lucide-react';
import { useMemo } from 'react';
import * as SunCalc from 'suncalc';
import { moonPhase } from '../domain';
import { sunMoon } from '../domain/sunMoon';
import { localDayStart } from '../domain/timeZones';
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
  const hasPlace = typeof lat === 'number' && typeof lng === 'number';
  // Once per station day: the card re-renders with every reading and clock tick, and the moon's times cost a
  // phone's CPU ~25 ms a time (issue 32: the public station page's blocking time).
  const day = localDayStart(Math.floor(props.now / 1000), timezone);
  const times = useMemo(
    () => (typeof lat === 'number' && typeof lng === 'number' ? sunMoon(lat, lng, timezone, day) : null),
    [lat, lng, timezone, day],
  );
  const phase = useMemo(
    () => moonPhase(SunCalc.getMoonIllumination(new Date(day * 1000 + 43_200_000)).phase),
    [day],
  );
  const at = (s: number | null | undefined) =>
    typeof s === 'number' ? timeOfDay(s, timezone, i18n.locale, props.prefs) : '---';
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
          <strong className="tabular">{at(times?.sunrise)}</strong>
        </li>
        <li className={styles.row}>
          <span>{t`Sunset`}</span>
          <strong className="tabular">{at(times?.sunset)}</strong>
        </li>
        <li className={styles.row}>
          <span>{t`Moonrise`}</span>
          <strong className="tabular" data-testid="moonrise">
            {at(times?.moonrise)}
          </strong>
        </li>
        <li className={styles.row}>
          <span>{t`Moonset`}</span>
          <strong className="tabular" data-testid="moonset">
            {at(times?.moonset)}
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
