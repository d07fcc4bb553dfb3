// A page body: the page's h1 and a readable column (narrow for forms and text, wide for lists and grids).
import type { ReactNode } from 'react';
import styles from './Page.module.css';

export function Page({
  title,
  width = 'text',
  actions,
  children,
}: {
  title: ReactNode;
  width?: 'text' | 'wide' | 'full';
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className={`${styles.page} ${styles[width]}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {actions && <div className={styles.actions}>{actions}</div>}
      </header>
      {children}
    </section>
  );
}

export function Panel({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={`${styles.panel} ${className ?? ''}`}>{children}</div>;
}

export function EmptyState({
  icon,
  title,
  children,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={styles.empty}>
      {icon && <div className={styles.emptyIcon}>{icon}</div>}
      <p className={styles.emptyTitle}>{title}</p>
      {children}
    </div>
  );
}
