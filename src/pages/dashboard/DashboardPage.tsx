// The dashboard: the selected station's cards in a responsive grid (docs/ui.md), a station picker when there are
// several, and an empty state when there is none. Reads only Dexie (hooks); the worker watches the station.
import { useLingui } from '@lingui/react/macro';
import { RadioTower, Trophy } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/title';
import { dataWorker } from '../../bridge/worker';
import { CardGrid } from '../../cards/CardGrid';
import { type CardMenuActions, CardMenuContext } from '../../cards/cardMenu';
import { cardComponent } from '../../cards/registry';
import { DeviceListError, useDeviceListFailed } from '../../components/DeviceListError';
import { afterFirstPaint, useFirstPaintHold } from '../../components/firstPaint';
import { openDevice } from '../../components/openDevice';
import { EmptyState, Page } from '../../components/Page';
import { useNow } from '../../components/useNow';
import { saveDisplaySettings } from '../../db/edits';
import {
  PAINT_FROM_KEPT,
  useConnectionField,
  useDevice,
  useDevices,
  useDisplaySettings,
  useLatest,
  useSeenKeys,
  useSelectedDeviceId,
  useSetting,
  useTodayMinMax,
  useUnits,
} from '../../db/hooks';
import { DEFAULT_KIOSK, SETTING } from '../../db/settings';
import { usePlanLocked } from '../../db/usePlanLock';
import { cardsForType, chooseCard, dashboardCards, type GraphRange } from '../../domain';
import { useUi } from '../../state/ui';
import { ActiveAlerts } from './ActiveAlerts';
import styles from './DashboardPage.module.css';
import { HiddenCards } from './HiddenCards';
import { PlanLocked } from './PlanLocked';
import { StationPicker } from './StationPicker';
import { useKioskFit } from './useKioskFit';

const NONE: string[] = [];

export default function DashboardPage() {
  const { t } = useLingui();
  // A return visit paints from what the last one showed, before the store has loaded (db/kept.ts).
  const devices = useDevices(PAINT_FROM_KEPT);
  const selectedId = useSelectedDeviceId(PAINT_FROM_KEPT);
  const device = useDevice(selectedId, PAINT_FROM_KEPT);
  const latest = useLatest(selectedId, PAINT_FROM_KEPT);
  const minMax = useTodayMinMax(selectedId, PAINT_FROM_KEPT);
  const display = useDisplaySettings(selectedId, PAINT_FROM_KEPT);
  const locked = usePlanLocked(selectedId, PAINT_FROM_KEPT);
  const prefs = useUnits(PAINT_FROM_KEPT);
  const now = useNow(5000);
  const fullscreen = useUi((s) => s.fullscreen);
  // Kiosk: readings only, large, unless this screen's kiosk options ask for the details and graphs too.
  const kiosk = useSetting(SETTING.kiosk, DEFAULT_KIOSK);
  const plain = fullscreen && !kiosk?.details;
  const listFailed = useDeviceListFailed();
  usePageTitle(device?.name);
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const deviceId = device?._id;
  const seenList = useSeenKeys(selectedId, PAINT_FROM_KEPT);
  const seenKey = seenList?.join(',');
  // The worker starts once what the store holds is on screen (components/firstPaint.ts).
  useFirstPaintHold(
    devices !== undefined &&
      (devices.length === 0 ||
        (device !== undefined && latest !== undefined && display !== undefined && seenList !== undefined)),
  );
  const offered = useMemo(
    () =>
      device
        ? cardsForType(device.consoletype, new Set(seenKey?.split(','))).filter((c) => cardComponent(c))
        : [],
    [device, seenKey],
  );
  // Which cards show: the owner's choices, else each card's sensor (issue 22). Hidden = the rest of the type's.
  const { shown, hidden } = useMemo(
    () =>
      display && seenKey !== undefined
        ? dashboardCards(offered, display, new Set(seenKey.split(',')))
        : { shown: [], hidden: [] },
    [offered, display, seenKey],
  );
  const metricsList = display?.metricsList;
  const graphList = display?.graphList;
  const graphRange = (display?.graphRange ?? 'day') as GraphRange;
  const menu = useMemo<CardMenuActions | null>(() => {
    if (!deviceId || !display || !metricsList) return null;
    const offeredKeys = offered.map((c) => c.key);
    const order = shown.map((c) => c.key);
    const graphs = graphList ?? [];
    return {
      order,
      // What the cards show; the edits below change the saved lists.
      graphList: plain ? NONE : graphs,
      graphRange,
      openMenu,
      setOpenMenu,
      hide: (key) =>
        void saveDisplaySettings(deviceId, {
          ...chooseCard(display, offeredKeys, order, key, false),
          graphList: graphs.filter((k) => k !== key),
        }),
      toggleGraph: (key) =>
        void saveDisplaySettings(deviceId, {
          graphList: graphs.includes(key) ? graphs.filter((k) => k !== key) : [...graphs, key],
        }),
      move: (key, by) => {
        const i = order.indexOf(key);
        const j = i + by;
        if (i < 0 || j < 0 || j >= order.length) return;
        const next = [...order];
        [next[i], next[j]] = [next[j], next[i]];
        // Listed keys not on screen (no data yet, or not of this type) stay, after the ones on screen.
        const rest = metricsList.filter((k) => !order.includes(k));
        void saveDisplaySettings(deviceId, { metricsList: [...next, ...rest] });
      },
      setGraphRange: (range) => {
        if (range !== graphRange) void saveDisplaySettings(deviceId, { graphRange: range });
      },
    };
  }, [deviceId, display, metricsList, graphList, graphRange, offered, shown, openMenu, plain]);

  // Fullscreen with readings only: every card on the wall, or pages of them (issue 22).
  const fit = useKioskFit(plain && !locked, shown);

  // One toggle for every card (a new function only when the open list changes), so the cards' memo holds.
  const detailList = display?.detailList;
  const toggle = useCallback(
    (key: string) => {
      if (!deviceId) return;
      const open = detailList ?? [];
      const next = open.includes(key) ? open.filter((k) => k !== key) : [...open, key];
      void saveDisplaySettings(deviceId, { detailList: next });
    },
    [deviceId, detailList],
  );

  // `?device=<id>` (alert e-mails and notifications) opens that station even when another one is selected;
  // the parameter then goes, so choosing another station later is not undone by it. A station not kept yet
  // (shared a moment ago) may come with the list from the server: it is waited for until the list is in.
  const [params, setParams] = useSearchParams();
  const wanted = params.get('device');
  const listState = useConnectionField('devices');
  useEffect(() => {
    if (!wanted || devices === undefined) return;
    const known = devices.some((d) => d._id === wanted);
    if (!known && listState !== 'loaded' && listState !== 'error') return;
    if (known) void openDevice(wanted);
    setParams(
      (p) => {
        p.delete('device');
        return p;
      },
      { replace: true },
    );
  }, [wanted, devices, listState, setParams]);

  // Make sure the worker watches the station on screen (idempotent on its side), once the screen has painted.
  useEffect(() => {
    if (!selectedId) return;
    void afterFirstPaint()
      .then(() => dataWorker.selectDevice(selectedId))
      .catch((e) => console.warn('selectDevice failed', e));
  }, [selectedId]);

  if (devices === undefined) return <div className={styles.loading} aria-busy="true" />;

  if (devices.length === 0 && listFailed) {
    return (
      <Page title={t`Dashboard`}>
        <DeviceListError />
      </Page>
    );
  }

  if (devices.length === 0) {
    return (
      <Page title={t`Dashboard`}>
        <EmptyState icon={<RadioTower size={40} aria-hidden="true" />} title={t`No stations are found`}>
          <p>{t`Add your weather station to see its readings here.`}</p>
          <Link to="/devices?add=1" className={styles.cta}>
            {t`Add a station`}
          </Link>
        </EmptyState>
      </Page>
    );
  }

  if (!device) return <div className={styles.loading} aria-busy="true" />;

  const cards = [...shown];
  const open = new Set(plain ? NONE : (detailList ?? []));
  // An expanded forecast spans the row at the top (spec §2).
  if (open.has('forecast')) cards.sort((a, b) => Number(b.key === 'forecast') - Number(a.key === 'forecast'));

  return (
    <section className={`${styles.page} ${fullscreen ? styles.kiosk : ''}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{device.name}</h1>
        <span className={styles.meta}>
          {t`Station ID`} <strong className="tabular">{device.wsid}</strong>
        </span>
        <span className={styles.meta} data-testid="station-time-zone" title={t`Time zone`}>
          {device.timezone.replaceAll('_', ' ')}
        </span>
        {!fullscreen && (
          <Link to={`/records/${device._id}`} className={styles.records}>
            <Trophy size={16} aria-hidden="true" />
            {t`Records`}
          </Link>
        )}
        {fit.pages > 1 && (
          <span className={styles.meta} data-testid="kiosk-page">
            {t`Page ${fit.page + 1} of ${fit.pages}`}
          </span>
        )}
        {devices.length > 1 && !fullscreen && (
          <StationPicker devices={devices} value={device._id} onChange={(id) => void openDevice(id)} />
        )}
      </header>
      {locked && <PlanLocked device={device} />}
      {!locked && <ActiveAlerts device={device} compact={fullscreen} />}
      {/* Not while the station's readings are still on their way here (the server knows it uploaded): the notice
          came and went under a cold start's sync, moving the cards (CLS 0.08 in Lighthouse, issue 32). */}
      {!locked && latest && !latest.time && !device.lastUpload && (
        <p className={styles.notice}>
          {t`This station has not uploaded any readings yet.`}{' '}
          <Link to="/server">{t`How to connect your console`}</Link>
        </p>
      )}
      {!locked && !fullscreen && display && hidden.length > 0 && (
        <HiddenCards
          cards={hidden}
          device={device}
          onShow={(key) =>
            void saveDisplaySettings(
              device._id,
              chooseCard(
                display,
                offered.map((c) => c.key),
                shown.map((c) => c.key),
                key,
                true,
              ),
            )
          }
        />
      )}
      <CardMenuContext.Provider value={menu}>
        <CardGrid
          className={styles.grid}
          cards={locked ? [] : fit.style ? fit.shown : cards}
          gridRef={fit.gridRef}
          style={fit.style}
          expanded={open}
          device={device}
          latest={latest}
          prefs={prefs}
          minMax={minMax}
          onToggle={toggle}
          now={now}
        />
      </CardMenuContext.Provider>
    </section>
  );
}
