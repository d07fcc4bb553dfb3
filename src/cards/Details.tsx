// A card's details: today's minimum and maximum with their times, and the rest of the card's readings.
import { useLingui } from '@lingui/react/macro';
import type { UnitPrefs } from '../domain';
import type { Device } from '../domain/contract';
import styles from './Details.module.css';
import { readingText, timeOfDay } from './format';
import { metricLabel } from './labels';
import { Reading } from './Reading';
import type { Latest, MinMax } from './types';

export function MinMaxTable({
  keys,
  minMax,
  prefs,
  device,
}: {
  keys: string[];
  minMax: MinMax | undefined;
  prefs: UnitPrefs;
  device: Device;
}) {
  const { t, i18n } = useLingui();
  const cell = (entry: [number, number] | undefined, key: string) => {
    if (!entry) return <td>---</td>;
    const r = readingText(key, entry[0], prefs, i18n.locale);
    return (
      <td>
        <span className={styles.value}>
          {r.value}
          {r.unit && <span className={styles.unit}> {r.unit}</span>}
        </span>
        {!r.missing && (
          <span className={styles.time}>{timeOfDay(entry[1], device.timezone, i18n.locale, prefs)}</span>
        )}
      </td>
    );
  };
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{t`Today`}</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">{t`Reading`}</span>
          </th>
          <th scope="col">{t`Min`}</th>
          <th scope="col">{t`Max`}</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((k) => (
          <tr key={k}>
            <th scope="row">{metricLabel(k)}</th>
            {cell(minMax?.min?.[k], k)}
            {cell(minMax?.max?.[k], k)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function MoreReadings({
  keys,
  latest,
  prefs,
}: {
  keys: string[];
  latest: Latest | undefined;
  prefs: UnitPrefs;
}) {
  if (!keys.length) return null;
  return (
    <dl className={styles.more}>
      {keys.map((k) => (
        <div key={k} className={styles.row}>
          <dt>{metricLabel(k)}</dt>
          <dd>
            <Reading metric={k} value={latest?.sample?.[k]} prefs={prefs} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
