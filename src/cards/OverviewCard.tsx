// Overview: the headline readings of every group in one card. The pressure follows the Relative/Absolute
// setting, or is the one the station sends (issue 22).
import { useLingui } from '@lingui/react/macro';
import { LayoutGrid } from 'lucide-react';
import { baroShown } from '../domain';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function OverviewCard(props: CardProps) {
  const { t } = useLingui();
  const baro = baroShown(props.prefs.barometer, props.latest?.sample);
  const labels = {
    humc0: t`Humidity`,
    windspd: t`Wind`,
    dailyrain: t`Rain today`,
    // Whichever the setting (or the station) gives: the Barometer card says which it is.
    absbaro: t`Pressure`,
    relbaro: t`Pressure`,
    uvi: t`UV index`,
  };
  const secondary = props.def.secondary.map((k) => (k === 'absbaro' || k === 'relbaro' ? baro : k));
  return (
    <MetricCard
      {...props}
      icon={LayoutGrid}
      labels={labels}
      secondary={secondary.filter((k) => props.def.metrics.includes(k))}
      graph={[]}
    />
  );
}
