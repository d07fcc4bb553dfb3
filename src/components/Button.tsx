// The one button: primary (accent), secondary (outlined), ghost (text) and icon-only; `busy` shows a spinner.
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './Button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'md' | 'sm';
  busy?: boolean;
  icon?: ReactNode;
  /** Icon-only button: children are hidden, `aria-label` is required by the caller. */
  iconOnly?: boolean;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  icon,
  iconOnly = false,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const cls = [styles.button, styles[variant], styles[size], iconOnly ? styles.iconOnly : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={cls} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : icon}
      {!iconOnly && children}
    </button>
  );
}
