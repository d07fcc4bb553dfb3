// Overview: the headline readings of every group in one card.
import { useLingui } from '@lingui/react/macro';
import { LayoutGrid } from 'lucide-react';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function OverviewCard(props: CardProps) {
  const { t } = useLingui();
  const labels = {
    humc0: t`Humidity`,
    windspd: t`Wind`,
    dailyrain: t`Rain today`,
    absbaro: t`Pressure`,
    uvi: t`UV index`,
  };
  return <MetricCard {...props} icon={LayoutGrid} labels={labels} graph={[]} />;
}
