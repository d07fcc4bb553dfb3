// Wind: speed, gust, 10-minute average and direction, with a small compass.
import { useLingui } from '@lingui/react/macro';
import { Wind } from 'lucide-react';
import { compassPoint } from '../domain';
import { compassWord } from '../i18n/compass';
import { useCardMenu } from './cardMenu';
import { WindRosePanel } from './detailsLater';
import { withAgreedGust } from './gustMax';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';
import styles from './WindCard.module.css';

function Compass({ deg }: { deg: number | null | undefined }) {
  const { t } = useLingui();
  if (typeof deg !== 'number' || !Number.isFinite(deg)) return null;
  const point = compassWord(compassPoint(deg));
  return (
    <div className={styles.compass} role="img" aria-label={t`Wind from ${point}`}>
      <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
        <circle cx="20" cy="20" r="18" className={styles.ring} />
        <g transform={`rotate(${deg + 180} 20 20)`}>
          <path d="M20 6 L25 22 L20 19 L15 22 Z" className={styles.needle} />
        </g>
      </svg>
      <span className={styles.point}>{point}</span>
    </div>
  );
}

export function WindCard(props: CardProps) {
  const menu = useCardMenu();
  // The details' gust maximum and "Max gust today" are one value (gustMax.ts).
  const agreed = withAgreedGust(props.minMax, props.latest);
  return (
    <MetricCard
      {...props}
      minMax={agreed.minMax}
      latest={agreed.latest}
      moreDetails={
        props.expanded ? (
          <WindRosePanel device={props.device} prefs={props.prefs} initialRange={menu?.graphRange} />
        ) : undefined
      }
      icon={Wind}
      secondary={['gust', 'windavg10m', 'winddir'].filter((k) => props.def.metrics.includes(k))}
      extra={<Compass deg={props.latest?.sample?.winddir} />}
      graph={['windspd', 'gust', 'windavg10m'].filter((k) => props.def.metrics.includes(k))}
    />
  );
}
