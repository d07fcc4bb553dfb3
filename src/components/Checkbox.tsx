// A labelled checkbox with an error line (the terms checkbox of sign-up).
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import styles from './Field.module.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  error?: string | null;
}

export function Checkbox({ label, error, ...input }: CheckboxProps) {
  const id = useId();
  return (
    <div className={styles.checkField}>
      <div className={styles.checkRow}>
        <input
          id={id}
          type="checkbox"
          className={styles.checkbox}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error && (
        <span id={`${id}-err`} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
