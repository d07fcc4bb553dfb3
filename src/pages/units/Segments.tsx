// One preference as a row of radio segments (a fieldset named by the preference).
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Choice } from './choices';
import styles from './UnitsPage.module.css';

export function Segments({
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
