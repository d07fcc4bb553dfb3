// A level scale as a coloured band with the level's name in words (colour is never the only signal).
import { useLingui } from '@lingui/react/macro';
import styles from './LevelBand.module.css';
import { levelLabel, levelTone } from './labels';

export function LevelBand({ level }: { level: string | null }) {
  const { t } = useLingui();
  if (!level) return null;
  const tone = levelTone(level);
  return (
    <p className={`${styles.band} ${styles[tone]}`}>
      <span className="visually-hidden">{t`Level:`} </span>
      {levelLabel(level)}
    </p>
  );
}
