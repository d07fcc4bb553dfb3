// /admin/ingest (issue #15): how station uploads are doing. Uploads per minute per protocol over the last hour,
// stations silent for over 30 minutes, and rejected uploads with their reason — new rejections arrive live over
// the admins' channel, and the counts are read again after them (at most every 2 s) and every 15 s.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { proxy } from 'comlink';
import { Radio } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { dataWorker } from '../../bridge/worker';
import { Page, Panel } from '../../components/Page';
import { useUnits } from '../../db/hooks';
import { sourceLink } from '../../domain/adminTable';
import type { IngestHealthView, IngestReason, IngestRejection } from '../../domain/contract';
import { translateServerMessage } from '../../i18n/messages';
import { errorText } from '../../state/ui';
import { dateTime, protocolName } from './format';
import styles from './IngestHealthPage.module.css';
import { UploadsChart } from './UploadsChart';

const REASONS: Record<IngestReason, ReturnType<typeof msg>> = {
  badKey: msg`Wrong station ID or key`,
  outOfRange: msg`Values out of range (dropped)`,
  rateLimited: msg`Rate limited`,
  malformed: msg`Malformed upload`,
  tooLarge: msg`Upload too large`,
  error: msg`Server error`,
};

export const reasonLabel = (r: string) => (r in REASONS ? i18n._(REASONS[r as IngestReason]) : r);

export default function IngestHealthPage() {
  const { t, i18n: lingui } = useLingui();
  const prefs = useUnits();
  const [view, setView] = useState<IngestHealthView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fresh, setFresh] = useState<Set<string>>(new Set());
  const [live, setLive] = useState(false);
  const lastLoad = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  const load = useCallback(async () => {
    lastLoad.current = Date.now();
    try {
      const next = await dataWorker.adminFind('admin/ingestHealth', {});
      setView(next as unknown as IngestHealthView);
      setError(null);
    } catch (e) {
      console.error('[admin] ingest health', e);
      setError(errorText(e));
    }
  }, []);

  useEffect(() => {
    void load();
    const every = setInterval(() => void load(), 15_000);
    const id = `ingest-${Math.random().toString(16).slice(2)}`;
    const onRejections = (rejections: IngestRejection[]) => {
      if (rejections.length === 0) return;
      // Shown at once; the counts follow with the next read (at most every 2 s).
      setView((v) =>
        v ? { ...v, rejections: [...[...rejections].reverse(), ...v.rejections].slice(0, 50) } : v,
      );
      setFresh((f) => new Set([...f, ...rejections.map((r) => r._id)]));
      if (!pending.current)
        pending.current = setTimeout(
          () => {
            pending.current = null;
            void load();
          },
          Math.max(0, 2000 - (Date.now() - lastLoad.current)),
        );
    };
    dataWorker
      .watchIngestHealth(id, proxy(onRejections))
      .then(() => setLive(true))
      .catch((e) => console.error('[admin] live ingest health', e));
    return () => {
      clearInterval(every);
      if (pending.current) clearTimeout(pending.current);
      void dataWorker.unwatchIngestHealth(id);
    };
  }, [load]);

  const n = new Intl.NumberFormat(lingui.locale);
  const minutes = view?.minutes ?? [];
  const recent = minutes.slice(-5);
  const totals = (view?.protocols ?? []).map((p) => ({
    protocol: p,
    ok: recent.reduce((s, m) => s + (m.counts[p]?.ok ?? 0), 0),
    rejected: recent.reduce((s, m) => s + (m.counts[p]?.rejected ?? 0), 0),
  }));

  return (
    <Page
      title={t`Ingest health`}
      width="full"
      actions={
        live ? (
          <span className={styles.live}>
            <Radio size={16} aria-hidden="true" />
            {t`Live`}
          </span>
        ) : null
      }
    >
      {error && (
        <p className={styles.error} role="alert">
          {translateServerMessage(error)}
        </p>
      )}
      <div className={styles.summary}>
        {totals.map((p) => (
          <Panel key={p.protocol} className={styles.stat}>
            <span className={styles.statLabel}>{protocolName(view, p.protocol)}</span>
            <span className={styles.statValue}>{n.format(p.ok / 5)}</span>
            <span className={styles.statHint}>
              {t`uploads per minute (last 5 minutes)`}
              {p.rejected > 0 && ` · ${t`${n.format(p.rejected)} rejected`}`}
            </span>
          </Panel>
        ))}
        <Panel className={styles.stat}>
          <span className={styles.statLabel}>{t`Silent stations`}</span>
          <span className={styles.statValue}>{n.format(view?.silentTotal ?? 0)}</span>
          <span className={styles.statHint}>{t`no upload for over 30 minutes`}</span>
        </Panel>
      </div>

      <Panel>
        <h2 className={styles.heading}>{t`Uploads per minute`}</h2>
        {view && <UploadsChart view={view} />}
      </Panel>

      <div className={styles.columns}>
        <Panel className={styles.listPanel}>
          <h2 className={styles.heading}>{t`Rejected uploads`}</h2>
          {view && view.rejections.length === 0 && <p className={styles.muted}>{t`No rejected uploads`}</p>}
          <ul className={styles.list} aria-live="polite" aria-label={t`Rejected uploads`}>
            {view?.rejections.map((r) => (
              <li key={r._id} className={fresh.has(r._id) ? styles.fresh : undefined} data-reason={r.reason}>
                <div className={styles.row}>
                  <strong className={styles.reason}>{reasonLabel(r.reason)}</strong>
                  <time className={styles.muted} dateTime={new Date(r.time).toISOString()}>
                    {dateTime(r.time, lingui.locale, prefs)}
                  </time>
                </div>
                <div className={styles.row}>
                  <span>
                    {protocolName(view, r.protocol)} · {r.station ?? t`unknown station`}
                  </span>
                  {r.device && (
                    <Link to={sourceLink('admin/devices', { _id: r.device }, r.device)}>{t`Station`}</Link>
                  )}
                </div>
                {r.detail && <p className={styles.detail}>{r.detail}</p>}
              </li>
            ))}
          </ul>
        </Panel>
        <Panel className={styles.listPanel}>
          <h2 className={styles.heading}>{t`Stations silent for over 30 minutes`}</h2>
          {view && view.silent.length === 0 && <p className={styles.muted}>{t`Every station uploads`}</p>}
          <ul className={styles.list}>
            {view?.silent.map((d) => (
              <li key={d._id}>
                <div className={styles.row}>
                  <Link to={sourceLink('admin/devices', { _id: d._id }, d._id)}>
                    {d.name} ({d.wsid})
                  </Link>
                  <span className={styles.muted}>{dateTime(d.lastUpload, lingui.locale, prefs)}</span>
                </div>
                {d.owner && <span className={styles.muted}>{d.owner}</span>}
              </li>
            ))}
          </ul>
        </Panel>
      </div>
    </Page>
  );
}
