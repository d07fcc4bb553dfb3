// The generic error page (spec §2, §8): status code, message, link back to the dashboard. If rendering it
// fails, a bare fallback says so. A failed lazy chunk reloads the page instead (at most once a minute).
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Component, type ReactNode, useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, useLocation } from 'react-router';
import { markShellMounted } from '../components/firstPaint';
import { translateServerMessage } from '../i18n/messages';
import { errorText } from '../state/ui';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload';
import styles from './ErrorPage.module.css';

/** Spec §8: statusCode, status or response.status; default 500. */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  const e = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } } | null;
  for (const v of [e?.statusCode, e?.status, e?.response?.status])
    if (typeof v === 'number' && v >= 400) return v;
  return 500;
}

function errorMessage(error: unknown, status: number): string {
  if (isChunkLoadError(error)) return i18n._(msg`This page could not be loaded`);
  if (status === 404) return i18n._(msg`This page could not be found`);
  if (isRouteErrorResponse(error)) return error.statusText || i18n._(msg`Something went wrong`);
  if (error instanceof Error && error.message) return translateServerMessage(errorText(error));
  return i18n._(msg`Something went wrong`);
}

/** `status`: the HTTP-like code shown above the message; none for a failure that has no code (a lost chunk). */
export function ErrorView({ status, message }: { status?: number; message: string }) {
  return (
    <div className={styles.wrap}>
      {status !== undefined && (
        <p className={styles.code} aria-hidden="true">
          {status}
        </p>
      )}
      <h1 className={styles.message}>{message}</h1>
      {status !== undefined && (
        <p className={styles.status}>
          <Trans>Error code {status}</Trans>
        </p>
      )}
      <Link to="/dashboard" className={styles.link}>
        <Trans>Back to dashboard</Trans>
      </Link>
    </div>
  );
}

export function NotFoundView() {
  return <ErrorView status={404} message={i18n._(msg`This page could not be found`)} />;
}

/** Shown when the error page itself throws; plain markup, no router, no translations that could fail again. */
export class SafeErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(err: unknown) {
    console.error('error page failed', err);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    let text = 'An error occurred while showing the error page';
    let home = 'Home';
    try {
      text = i18n._(msg`An error occurred while showing the error page`);
      home = i18n._(msg`Home`);
    } catch {
      /* keep English */
    }
    return (
      <div className={styles.wrap}>
        <h1 className={styles.message}>{text}</h1>
        <a href="/" className={styles.link}>
          {home}
        </a>
      </div>
    );
  }
}

/** Catches what a route throws while rendering; cleared when the path changes (a link away from the error). */
class RouteErrorCatcher extends Component<
  { path: string; children: ReactNode },
  { error: { thrown: unknown } | null }
> {
  state: { error: { thrown: unknown } | null } = { error: null };
  static getDerivedStateFromError(thrown: unknown) {
    return { error: { thrown } };
  }
  componentDidUpdate(prev: { path: string }) {
    if (this.state.error && prev.path !== this.props.path) this.setState({ error: null });
  }
  render() {
    return this.state.error ? <RouteErrorPage error={this.state.error.thrown} /> : this.props.children;
  }
}

/** A route's error boundary (routes.tsx): the error page in place of what failed. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  return <RouteErrorCatcher path={useLocation().pathname}>{children}</RouteErrorCatcher>;
}

/**
 * The page of a route whose code chunk failed to load (routes.tsx resolves the route's lazy part to it): it reloads
 * the page (a new deploy replaced the chunk: the reload gets the new ones), at most once a minute, and otherwise
 * says so with the link home. Blank until then: no error flashes before a reload.
 */
export function ChunkErrorPage() {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!reloadForChunkError()) setFailed(true);
  }, []);
  if (!failed) return null;
  return (
    <SafeErrorBoundary>
      <ErrorView message={i18n._(msg`This page could not be loaded`)} />
    </SafeErrorBoundary>
  );
}

export function RouteErrorPage({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    // The error page is the first screen when the shell itself failed: what waits for a first paint goes on.
    markShellMounted();
    if (chunk) reloadForChunkError();
    else console.error(error);
  }, [chunk, error]);
  const status = errorStatus(error);
  return (
    <SafeErrorBoundary>
      <ErrorView status={chunk ? undefined : status} message={errorMessage(error, status)} />
    </SafeErrorBoundary>
  );
}
