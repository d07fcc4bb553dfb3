// The common card body: a large primary reading with its change arrow, an optional level band, 2-4 secondary
// readings; details with today's min/max, the other readings of the group and a graph.
import { useLingui } from '@lingui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { appliesNow, METRIC_BY_KEY } from '../domain';
import { CardShell, SecondaryGrid } from './CardShell';
import { CalibratedNote } from './calibration';
import { useCardMenu } from './cardMenu';
import { colorOf, graphKeys } from './colors';
import { MinMaxTable, MoreReadings } from './Details';
import { GraphPanel } from './detailsLater';
import { changeOf } from './format';
import { LevelBand } from './LevelBand';
import { cardTitle, metricLabel } from './labels';
import styles from './MetricCard.module.css';
import { Reading, SecondaryReading } from './Reading';
import { cardStatus, linkKeyOf, readingKeysOf } from './status';
import type { CardProps } from './types';

/** Keys that are not readings to list (batteries, links, sensor types). */
const isState = (k: string) => /^(bat|cn|type)/.test(k);
/** Directions, times and flags have no meaningful min/max. */
const NO_MIN_MAX = new Set(['winddir', 'winddiravg10m', 'lightningtime', 'rainingpiezo']);
const hasMinMax = (k: string) => !isState(k) && !NO_MIN_MAX.has(k);

export interface MetricCardOptions {
  icon: LucideIcon;
  /** Overrides the definition's primary (baro follows the Abs/Rel preference). */
  primary?: string;
  title?: string;
  testId?: string;
  level?: string | null;
  /** Extra content under the readings (compass, list…). */
  extra?: ReactNode;
  /** Content after the secondary grid (rain totals). */
  after?: ReactNode;
  /** Replaces the secondary grid. */
  secondary?: string[];
  /** Keys to graph; default: the primary and the secondaries of the same unit type. */
  graph?: string[];
  /** More of the details, after the min/max and the other readings (the wind rose). */
  moreDetails?: ReactNode;
  /** Labels that read better in this card than the metric's own (overview). */
  labels?: Record<string, string>;
}

export function MetricCard(props: CardProps & MetricCardOptions) {
  const { def, device, latest, prefs, minMax, expanded, onToggle, now } = props;
  useLingui(); // re-render labels when the language changes
  const primary = props.primary ?? def.primary;
  const sample: Record<string, number | null | undefined> = latest?.sample ?? {};
  // Heat index and wind chill only where they apply (else they repeat the air temperature).
  const secondary = (props.secondary ?? def.secondary).filter((k) => k !== primary && appliesNow(k, sample));
  const shown = new Set([primary, ...secondary]);
  const rest = def.metrics.filter(
    (k) => !shown.has(k) && !isState(k) && METRIC_BY_KEY[k] && appliesNow(k, sample),
  );
  const minMaxKeys = [primary, ...secondary].filter((k): k is string => Boolean(k) && hasMinMax(k as string));
  const graph = props.graph ?? (primary ? graphKeys(primary, secondary) : []);
  const title = props.title ?? cardTitle(def.key);
  const menu = useCardMenu();

  const details = (
    <div className={styles.split}>
      <div className={styles.facts}>
        {minMaxKeys.length > 0 && (
          <MinMaxTable keys={minMaxKeys} minMax={minMax} prefs={prefs} device={device} />
        )}
        <MoreReadings keys={rest} latest={latest} prefs={prefs} />
        <CalibratedNote device={device} keys={[...shown, ...rest].filter((k): k is string => Boolean(k))} />
      </div>
      {props.moreDetails}
    </div>
  );
  const graphPanel =
    graph.length > 0 ? (
      <GraphPanel
        device={device}
        keys={graph}
        series={graph.map((k) => ({ label: metricLabel(k), color: colorOf(k) }))}
        // A new 5-minute bucket or other units reload the graph (values come converted from the worker).
        refreshToken={latest?.time ? `${Math.floor(latest.time / 300)}|${JSON.stringify(prefs)}` : undefined}
        hour12={prefs.time === 'ampm'}
        initialRange={menu?.graphRange}
        onRangeChange={menu?.setGraphRange}
      />
    ) : undefined;

  return (
    <CardShell
      cardKey={def.key}
      title={title}
      icon={props.icon}
      color={`var(${colorOf(primary ?? def.metrics[0] ?? '')})`}
      status={cardStatus(latest, now, linkKeyOf(def.metrics), readingKeysOf(def.metrics))}
      expanded={expanded}
      onToggle={onToggle}
      details={details}
      graph={graphPanel}
    >
      {primary && (
        <Reading
          metric={primary}
          value={sample[primary]}
          prefs={prefs}
          size="xl"
          change={changeOf(latest?.changes?.[primary])}
          testId={props.testId ?? `card-${def.key}-primary`}
        />
      )}
      {props.level !== undefined && <LevelBand level={props.level} />}
      {props.extra}
      {secondary.length > 0 && (
        <SecondaryGrid>
          {secondary.map((k) => (
            <SecondaryReading
              key={k}
              label={props.labels?.[k] ?? metricLabel(k)}
              metric={k}
              value={sample[k]}
              prefs={prefs}
            />
          ))}
        </SecondaryGrid>
      )}
      {props.after}
    </CardShell>
  );
}
