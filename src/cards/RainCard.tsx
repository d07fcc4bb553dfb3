// Rain: today's total large; rate, past hour and event; the day/week/month/year totals in a row that shows
// without expanding (what rain-gauge owners look at first); the lifetime total in the details.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CloudRain } from 'lucide-react';
import { readingText } from './format';
import { MetricCard } from './MetricCard';
import styles from './RainCard.module.css';
import type { CardProps } from './types';

const TOTALS = [
  ['dailyrain', msg`Day`],
  ['weeklyrain', msg`Week`],
  ['monthlyrain', msg`Month`],
  ['yearlyrain', msg`Year`],
] as const;

function RainTotals({ props }: { props: CardProps }) {
  const { t, i18n } = useLingui();
  const sample: Record<string, number | null | undefined> = props.latest?.sample ?? {};
  const keys = TOTALS.filter(([k]) => props.def.metrics.includes(k) && typeof sample[k] === 'number');
  if (keys.length < 2) return null;
  return (
    <dl className={styles.totals} aria-label={t`Rain totals`} data-testid="rain-totals">
      {keys.map(([k, label]) => {
        const r = readingText(k, sample[k], props.prefs, i18n.locale);
        return (
          <div key={k} className={styles.total}>
            <dt>{i18n._(label)}</dt>
            <dd className="tabular">
              {r.value}
              {r.unit && <span className={styles.unit}> {r.unit}</span>}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

export function RainCard(props: CardProps) {
  return (
    <MetricCard {...props} icon={CloudRain} graph={['dailyrain']} after={<RainTotals props={props} />} />
  );
}
