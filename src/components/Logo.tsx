// The app mark (same artwork as public/favicon.svg) and the product name.
import { useLingui } from '@lingui/react/macro';
import styles from './Logo.module.css';

export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" className={styles.mark}>
      <defs>
        <linearGradient id="logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2f8cff" />
          <stop offset="1" stopColor="#0b55b5" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="15" fill="url(#logo-bg)" />
      <g stroke="#ffd43b" strokeWidth="3" strokeLinecap="round">
        <path d="M41 9.5v4M41 38.5v-1M53.5 22h-4M26.5 22h4M49.8 13.2l-2.8 2.8M32.2 13.2l2.8 2.8M49.8 30.8l-2.8-2.8" />
      </g>
      <circle cx="41" cy="22" r="7.5" fill="#ffd43b" />
      <path d="M19 51h25.5a9.5 9.5 0 0 0 .6-19 12.5 12.5 0 0 0-23.8 3.2A8 8 0 0 0 19 51z" fill="#fff" />
    </svg>
  );
}

export function Logo({ size = 28, showName = true }: { size?: number; showName?: boolean }) {
  const { t } = useLingui();
  return (
    <span className={styles.logo}>
      <LogoMark size={size} />
      {showName && <span className={styles.name}>{t`Weather Portal`}</span>}
    </span>
  );
}
