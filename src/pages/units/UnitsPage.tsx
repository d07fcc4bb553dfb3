// Unit & Display (spec §3 Unit preferences, §9 defaults): every preference as a row of choices, saved at once
// through saveUnits (write-through: local at once, the profile when online), with a live preview of readings.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { readingText, timeOfDay } from '../../cards/format';
import { metricLabel } from '../../cards/labels';
import { Button } from '../../components/Button';
import { Page, Panel } from '../../components/Page';
import { saveUnits } from '../../db/edits';
import { useOutboxCount, useUnits } from '../../db/hooks';
import { DEFAULT_UNIT_PREFS, type UnitPrefs } from '../../domain';
import styles from './UnitsPage.module.css';

type Key = Exclude<keyof UnitPrefs, 'probability'>;

interface Choice {
  key: Key;
  label: MessageDescriptor;
  options: { value: string | number; label: MessageDescriptor | string }[];
}

const CHOICES: { title: MessageDescriptor; items: Choice[] }[] = [
  {
    title: msg`Time and date`,
    items: [
      {
        key: 'time',
        label: msg`Time format`,
        options: [
          { value: 'ampm', label: msg`12-hour (am/pm)` },
          { value: '24h', label: msg`24-hour` },
        ],
      },
      {
        key: 'date',
        label: msg`Date format`,
        options: [
          { value: 'DD/MM', label: msg`Day/Month` },
          { value: 'MM/DD', label: msg`Month/Day` },
        ],
      },
    ],
  },
  {
    title: msg`Weather`,
    items: [
      {
        key: 'temperature',
        label: msg`Temperature`,
        options: [
          { value: 'C', label: '°C' },
          { value: 'F', label: '°F' },
        ],
      },
      {
        key: 'barometer',
        label: msg`Barometer`,
        options: [
          { value: 'Abs', label: msg`Absolute` },
          { value: 'Rel', label: msg`Relative` },
        ],
      },
      {
        key: 'pressure',
        label: msg`Pressure`,
        options: [
          { value: 'hPa', label: 'hPa' },
          { value: 'inHg', label: 'inHg' },
          { value: 'mmHg', label: 'mmHg' },
        ],
      },
      {
        key: 'windSpeed',
        label: msg`Wind speed`,
        options: [
          { value: 'm/s', label: 'm/s' },
          { value: 'km/h', label: 'km/h' },
          { value: 'mph', label: 'mph' },
          { value: 'knot', label: msg`knot` },
        ],
      },
      {
        key: 'windDirection',
        label: msg`Wind direction`,
        options: [
          { value: 'deg', label: msg`Degrees` },
          { value: '16 Pts', label: msg`16 points` },
        ],
      },
      {
        key: 'rain',
        label: msg`Rain`,
        options: [
          { value: 'mm', label: 'mm' },
          { value: 'in', label: 'in' },
        ],
      },
      {
        key: 'light',
        label: msg`Light intensity`,
        options: [
          { value: 'Lux', label: 'Lux' },
          { value: 'W/m2', label: 'W/m²' },
          { value: 'Kfc', label: 'Kfc' },
        ],
      },
      {
        key: 'distance',
        label: msg`Distance`,
        options: [
          { value: 'km', label: 'km' },
          { value: 'mi', label: 'mi' },
        ],
      },
      {
        key: 'visibility',
        label: msg`Visibility`,
        options: [
          { value: 'km', label: 'km' },
          { value: 'mi', label: 'mi' },
        ],
      },
      {
        key: 'elevation',
        label: msg`Elevation`,
        options: [
          { value: 'metric', label: msg`Metres` },
          { value: 'imperial', label: msg`Feet` },
        ],
      },
    ],
  },
  {
    title: msg`Air quality`,
    items: [
      {
        key: 'hcho',
        label: msg`Formaldehyde (HCHO)`,
        options: [
          { value: 'ppb', label: 'ppb' },
          { value: 'mg/m3', label: 'mg/m³' },
        ],
      },
      {
        key: 'co2',
        label: msg`CO₂`,
        options: [
          { value: 'ppm', label: 'ppm' },
          { value: 'mg/m3', label: 'mg/m³' },
        ],
      },
    ],
  },
  {
    title: msg`Display`,
    items: [
      {
        key: 'decimals',
        label: msg`Decimals`,
        options: [0, 1, 2, 3].map((n) => ({ value: n, label: String(n) })),
      },
      {
        key: 'background',
        label: msg`Background`,
        options: [
          { value: 'light', label: msg`Light` },
          { value: 'dark', label: msg`Dark` },
        ],
      },
    ],
  },
];

/** A sample reading per kind of unit, in base units, for the preview. */
const PREVIEW: [string, number][] = [
  ['tempc0', 23.46],
  ['absbaro', 1012.83],
  ['relbaro', 1015.24],
  ['windspd', 4.27],
  ['winddir', 236],
  ['dailyrain', 12.7],
  ['solarrad', 512.4],
  ['lightningdist', 8],
  ['hcho', 41],
  ['co2', 612],
];

const pad = (n: number) => String(n).padStart(2, '0');

/** The date in the user's order (DD/MM or MM/DD) and the year. */
export function dateText(d: Date, order: UnitPrefs['date']): string {
  const day = pad(d.getDate());
  const month = pad(d.getMonth() + 1);
  return order === 'MM/DD' ? `${month}/${day}/${d.getFullYear()}` : `${day}/${month}/${d.getFullYear()}`;
}

function Segments({
  choice,
  value,
  onChange,
}: {
  choice: Choice;
  value: string | number;
  onChange: (value: string | number) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const text = (l: MessageDescriptor | string) => (typeof l === 'string' ? l : i18n._(l));
  return (
    <fieldset className={styles.row}>
      <legend id={`${id}-l`} className={styles.legend}>
        {i18n._(choice.label)}
      </legend>
      <div className={styles.segments}>
        {choice.options.map((o) => (
          <label key={String(o.value)} className={styles.segment}>
            <input
              type="radio"
              name={id}
              value={String(o.value)}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <span>{text(o.label)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default function UnitsPage() {
  const { t, i18n } = useLingui();
  const stored = useUnits();
  // The choice shows at once (the Dexie write and its live query follow a moment later).
  const [chosen, setChosen] = useState<Partial<UnitPrefs>>({});
  const prefs = { ...stored, ...chosen } as UnitPrefs;
  const outbox = useOutboxCount();
  const [saved, setSaved] = useState(false);

  const change = async (key: Key, value: string | number) => {
    setChosen((c) => ({ ...c, [key]: value }));
    await saveUnits({ [key]: value } as Partial<UnitPrefs>);
    setSaved(true);
  };
  const reset = async () => {
    setChosen({ ...DEFAULT_UNIT_PREFS });
    await saveUnits(DEFAULT_UNIT_PREFS);
    setSaved(true);
  };

  const now = new Date();
  const baroKey = prefs.barometer === 'Rel' ? 'relbaro' : 'absbaro';
  const preview = PREVIEW.filter(([k]) => k !== (baroKey === 'relbaro' ? 'absbaro' : 'relbaro'));

  return (
    <Page
      title={t`Unit & Display`}
      width="wide"
      actions={
        <>
          <p className={styles.status} role="status">
            {saved && (outbox > 0 ? t`Saved — will sync when online` : t`Saved`)}
          </p>
          <Button
            variant="ghost"
            icon={<RotateCcw size={16} aria-hidden="true" />}
            onClick={() => void reset()}
          >
            {t`Restore defaults`}
          </Button>
        </>
      }
    >
      <div className={styles.layout}>
        <div className={styles.groups}>
          {CHOICES.map((group) => (
            <Panel key={group.title.id} className={styles.group}>
              <h2 className={styles.groupTitle}>{i18n._(group.title)}</h2>
              {group.items.map((c) => (
                <Segments
                  key={c.key}
                  choice={c}
                  value={prefs[c.key] ?? DEFAULT_UNIT_PREFS[c.key]}
                  onChange={(v) => void change(c.key, v)}
                />
              ))}
            </Panel>
          ))}
        </div>
        <aside className={styles.previewBox} aria-labelledby="units-preview">
          <Panel className={styles.preview}>
            <h2 id="units-preview" className={styles.groupTitle}>
              {t`Preview`}
            </h2>
            <p className={styles.clock}>
              <span className="tabular">
                {timeOfDay(
                  now.getTime() / 1000,
                  Intl.DateTimeFormat().resolvedOptions().timeZone,
                  i18n.locale,
                  prefs,
                )}
              </span>
              <span className={`${styles.date} tabular`}>{dateText(now, prefs.date)}</span>
            </p>
            <dl className={styles.readings} data-testid="units-preview">
              {preview.map(([key, value]) => {
                const r = readingText(key, value, prefs, i18n.locale);
                return (
                  <div key={key} className={styles.reading}>
                    <dt>{LABELS[key] ? i18n._(LABELS[key]) : metricLabel(key)}</dt>
                    <dd>
                      <span className={styles.value}>{r.value}</span>
                      {r.unit && <span className={styles.unit}> {r.unit}</span>}
                    </dd>
                  </div>
                );
              })}
            </dl>
            <p className={styles.note}>{t`Cards, graphs and exports use these units.`}</p>
          </Panel>
        </aside>
      </div>
    </Page>
  );
}

const LABELS: Record<string, MessageDescriptor> = {
  tempc0: msg`Outdoor temperature`,
  absbaro: msg`Pressure (absolute)`,
  relbaro: msg`Pressure (relative)`,
  windspd: msg`Wind speed`,
  winddir: msg`Wind direction`,
  dailyrain: msg`Rain today`,
  solarrad: msg`Light intensity`,
  lightningdist: msg`Lightning distance`,
  hcho: msg`Formaldehyde`,
  co2: msg`CO₂`,
};
