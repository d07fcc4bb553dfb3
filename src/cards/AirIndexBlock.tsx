// The air-quality index of a PM channel in the user's chosen standard (the `aqi` preference): the standard's
// name, the number and its level band. The number is text beside the colour, never colour alone.
import { useLingui } from '@lingui/react/macro';
import type { AirIndex } from '../domain';
import styles from './AirIndexBlock.module.css';
import { LevelBand } from './LevelBand';

export function AirIndexBlock({ index, testId }: { index: AirIndex | null; testId?: string }) {
  const { t } = useLingui();
  if (!index) return null;
  const name = index.standard === 'CAQI' ? t`EU CAQI` : index.standard === 'DAQI' ? t`UK DAQI` : t`US AQI`;
  return (
    <div className={styles.block} data-testid={testId}>
      <p className={styles.index}>
        <span className={styles.name}>{name}</span>
        <span className={styles.value} data-testid={testId ? `${testId}-value` : undefined}>
          {index.value}
        </span>
      </p>
      <LevelBand level={index.level} />
      {!index.averaged && index.standard === 'DAQI' && (
        <p className={styles.note}>{t`From the current reading (no 24-hour mean)`}</p>
      )}
    </div>
  );
}
