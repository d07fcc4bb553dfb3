// The public station page (issue #12): /station/<Station ID> for anyone, no account needed. A public (Everyone)
// or unlisted (Not Show) station's live cards with their graphs, read only: no card menu, no hidden cards, and
// the station record carries no MAC, station key or owner e-mail (the server leaves them out). A private
// (Nobody) or unknown ID gets the same 'Device not found'. Reads only Dexie; the worker finds the station,
// watches it (an anonymous socket for visitors) and keeps it, so the page works offline after a first visit.
// `?kiosk=1` (or the Kiosk display button) opens it in the app's fullscreen kiosk layout.
import { useLingui } from '@lingui/react/macro';
import { Maximize, SearchX } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/title';
import { dataWorker } from '../../bridge/worker';
import { CardGrid } from '../../cards/CardGrid';
import { CardMenuContext } from '../../cards/cardMenu';
import { cardComponent } from '../../cards/registry';
import { EmptyState, Page } from '../../components/Page';
import { useNow } from '../../components/useNow';
import {
  readSeenKeysNow,
  useDeviceByWsid,
  useDisplaySettings,
  useLatest,
  useSeenKeys,
  useTodayMinMax,
  useUnits,
} from '../../db/hooks';
import { cardsForType, dashboardCards, defaultDisplaySettings } from '../../domain';
import { useUi } from '../../state/ui';
import styles from './StationPage.module.css';

/** What the worker answered for the station ID: still asking, found, or not found (private or unknown). */
export type Lookup = 'pending' | 'found' | 'notFound' | 'failed';

/** The kiosk layout; the browser's own fullscreen only where allowed (it needs a click). */
function enterKiosk(): void {
  useUi.getState().setFullscreen(true);
  document.documentElement
    .requestFullscreen?.()
    .catch(() => undefined /* not allowed without a click: the in-app kiosk layout still applies */);
}

export default function StationPage() {
  const { t } = useLingui();
  const { wsid = '' } = useParams();
  const [params] = useSearchParams();
  const [lookup, setLookup] = useState<Lookup>('pending');
  const device = useDeviceByWsid(wsid.trim());
  const id = device?._id;
  const latest = useLatest(id);
  const minMax = useTodayMinMax(id);
  const display = useDisplaySettings(id);
  const seen = useSeenKeys(id);
  const prefs = useUnits();
  const now = useNow(5000);
  const fullscreen = useUi((s) => s.fullscreen);
  const [open, setOpen] = useState<string[]>([]);
  usePageTitle(lookup === 'notFound' ? undefined : device?.name);

  // How many seen keys the worker stored for the station by the time the lookup settled (see `ready` below).
  const [storedKeys, setStoredKeys] = useState(0);
  // Once drawn, the grid stays (a later lookup of the same station only refreshes it).
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let alive = true;
    setLookup('pending');
    dataWorker.openStation(wsid).then(
      async (found) => {
        const keys = await readSeenKeysNow(found._id).catch(() => []);
        if (!alive) return;
        setStoredKeys(keys.length);
        setLookup('found');
      },
      (e: { code?: number }) => alive && setLookup(e?.code === 404 ? 'notFound' : 'failed'),
    );
    return () => {
      alive = false;
    };
  }, [wsid]);

  // While the page is open, "Install" installs this station as a kiosk display (its own manifest, served
  // by the server for public and unlisted stations), not the owner's dashboard.
  useEffect(() => {
    if (lookup !== 'found') return;
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return;
    const app = link.getAttribute('href');
    link.setAttribute('href', `/manifests/station/${encodeURIComponent(wsid)}.webmanifest`);
    return () => {
      if (app) link.setAttribute('href', app);
    };
  }, [lookup, wsid]);

  const kiosk = params.get('kiosk') === '1';
  useEffect(() => {
    if (kiosk) enterKiosk();
  }, [kiosk]);

  // Details (and each card's graph) open per visitor, on this page only: nothing is saved.
  const toggle = useCallback(
    (key: string) => setOpen((o) => (o.includes(key) ? o.filter((k) => k !== key) : [...o, key])),
    [],
  );

  if (lookup === 'notFound' || (device === null && lookup === 'failed')) {
    return (
      <Page title={t`Station`}>
        <EmptyState icon={<SearchX size={40} aria-hidden="true" />} title={t`Device not found`}>
          <p>
            {lookup === 'failed'
              ? t`This station could not be loaded. Check your connection and try again.`
              : t`No public station has the station ID ${wsid}.`}
          </p>
          <Link to="/help">{t`Help`}</Link>
        </EmptyState>
      </Page>
    );
  }
  if (!device) return <div className={styles.loading} aria-busy="true" />;

  // As on the dashboard (issue 22): the cards of what the station sends, the owner's choices first.
  const cards = dashboardCards(
    cardsForType(device.consoletype, new Set(seen ?? [])).filter((c) => cardComponent(c)),
    display ?? defaultDisplaySettings(device.consoletype, device._id),
    new Set(seen ?? []),
  ).shown;
  const expanded = new Set(open);
  // The cards follow what the station sends (its seen keys), which a first visit learns with its last data: a
  // grid drawn before that grew and reordered under the reader (CLS 0.87 on a phone, issue 32). Its space is
  // held until the lookup settles and the live query has heard of what the worker stored (a little after the
  // lookup answers); a copy kept from an earlier visit (offline too) is drawn at once.
  const settled = lookup === 'failed' || (seen?.length ?? 0) >= (lookup === 'found' ? storedKeys : 1);
  if (settled && !shown) setShown(true);
  const ready = shown || settled;

  return (
    <section className={`${styles.page} ${fullscreen ? styles.kiosk : ''}`} data-testid="public-station">
      <header className={styles.header}>
        <h1 className={styles.title}>{device.name}</h1>
        <span className={styles.meta}>
          {t`Station ID`} <strong className="tabular">{device.wsid}</strong>
        </span>
        <span className={styles.meta} title={t`Time zone`}>
          {device.timezone.replaceAll('_', ' ')}
        </span>
        {!fullscreen && (
          <button type="button" className={styles.kioskButton} onClick={enterKiosk}>
            <Maximize size={16} aria-hidden="true" />
            {t`Kiosk display`}
          </button>
        )}
      </header>
      {/* Said once the lookup has settled: before, the worker may have stored the station but not its last data. */}
      {ready && latest && !latest.time && !device.lastUpload && (
        <p className={styles.notice}>{t`This station has not uploaded any readings yet.`}</p>
      )}
      {/* No card menu: a visitor cannot hide, move or reorder the owner's cards. */}
      {!ready && <div className={styles.loading} aria-busy="true" />}
      <CardMenuContext.Provider value={null}>
        {ready && (
          <CardGrid
            className={styles.grid}
            cards={cards}
            expanded={expanded}
            device={device}
            latest={latest}
            prefs={prefs}
            minMax={minMax}
            onToggle={toggle}
            now={now}
          />
        )}
      </CardMenuContext.Provider>
    </section>
  );
}
