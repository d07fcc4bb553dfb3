// The user's picture, or their initials on the accent tint when there is none.
import styles from './Account.module.css';

export function Avatar({
  src,
  name,
  size = 72,
}: {
  src: string | null | undefined;
  name: string;
  size?: number;
}) {
  const initials =
    name
      .split(/[\s@.]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase())
      .join('') || '?';
  return src ? (
    <img className={styles.avatar} src={src} alt="" width={size} height={size} />
  ) : (
    <span
      className={styles.avatar}
      style={{ width: size, height: size, fontSize: size / 2.6 }}
      aria-hidden="true"
    >
      {initials}
    </span>
  );
}
