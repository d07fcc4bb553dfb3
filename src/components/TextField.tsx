// A labelled input with an optional hint and an error message wired to aria-invalid/aria-describedby.
import { type InputHTMLAttributes, useId } from 'react';
import styles from './Field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | null;
  hint?: string;
}

export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy =
    [error ? `${id}-err` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && !error && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-err`} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** A TextField of a kind that recurs on the account pages; `onValue` gets the text. */
type KindProps = Omit<TextFieldProps, 'type' | 'autoComplete' | 'inputMode' | 'onChange'> & {
  onValue: (value: string) => void;
};

/** A password: `fresh` for a new one (browsers then offer to generate and save it). */
export function PasswordField({ fresh, onValue, ...rest }: KindProps & { fresh?: boolean }) {
  return (
    <TextField
      type="password"
      autoComplete={fresh ? 'new-password' : 'current-password'}
      onChange={(e) => onValue(e.target.value)}
      {...rest}
    />
  );
}

/** The code sent by e-mail (phones offer it from the message). */
export function CodeField({ onValue, ...rest }: KindProps) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      onChange={(e) => onValue(e.target.value)}
      {...rest}
    />
  );
}

export function EmailField({ onValue, ...rest }: KindProps) {
  return <TextField type="email" autoComplete="email" onChange={(e) => onValue(e.target.value)} {...rest} />;
}
