// The dashboard: the selected station's cards in a responsive grid (UI.md), a station picker when there are
// several, and an empty state when there is none. Reads only Dexie (hooks); the worker watches the station.
import { useLingui } from '@lingui/react/macro';
import { RadioTower } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { dataWorker } from '../../api/worker';
import { usePageTitle } from '../../app/title';
import { CardSlot } from '../../cards/CardSlot';
import { type CardMenuActions, CardMenuContext } from '../../cards/cardMenu';
import { cardComponent } from '../../cards/registry';
import { openDevice } from '../../components/openDevice';
import { EmptyState, Page } from '../../components/Page';
import { useNow } from '../../components/useNow';
import { saveDisplaySettings } from '../../db/edits';
import {
  useDevice,
  useDevices,
  useDisplaySettings,
  useLatest,
  useSelectedDeviceId,
  useTodayMinMax,
  useUnits,
} from '../../db/hooks';
import { usePlanLocked } from '../../db/usePlanLock';
import { cardsForType, type GraphRange } from '../../domain';
import { useUi } from '../../state/ui';
import styles from './DashboardPage.module.css';
import { HiddenCards } from './HiddenCards';
import { PlanLocked } from './PlanLocked';
import { StationPicker } from './StationPicker';

export default function DashboardPage() {
  const { t } = useLingui();
  const devices = useDevices();
  const selectedId = useSelectedDeviceId();
  const device = useDevice(selectedId);
  const latest = useLatest(selectedId);
  const minMax = useTodayMinMax(selectedId);
  const display = useDisplaySettings(selectedId);
  const locked = usePlanLocked(selectedId);
  const prefs = useUnits();
  const now = useNow(5000);
  const fullscreen = useUi((s) => s.fullscreen);
  usePageTitle(device?.name);
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const deviceId = device?._id;
  const offered = useMemo(
    () => (device ? cardsForType(device.consoletype).filter((c) => cardComponent(c)) : []),
    [device],
  );
  const metricsList = display?.metricsList;
  const graphList = display?.graphList;
  const graphRange = (display?.graphRange ?? 'day') as GraphRange;
  const menu = useMemo<CardMenuActions | null>(() => {
    if (!deviceId || !metricsList) return null;
    const offeredKeys = new Set(offered.map((c) => c.key));
    const order = metricsList.filter((k) => offeredKeys.has(k));
    const graphs = graphList ?? [];
    return {
      order,
      graphList: graphs,
      graphRange,
      openMenu,
      setOpenMenu,
      hide: (key) =>
        void saveDisplaySettings(deviceId, {
          metricsList: metricsList.filter((k) => k !== key),
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
        // Keys the type does not offer stay, after the ones on screen.
        const rest = metricsList.filter((k) => !offeredKeys.has(k));
        void saveDisplaySettings(deviceId, { metricsList: [...next, ...rest] });
      },
      setGraphRange: (range) => {
        if (range !== graphRange) void saveDisplaySettings(deviceId, { graphRange: range });
      },
    };
  }, [deviceId, metricsList, graphList, graphRange, offered, openMenu]);

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

  // Make sure the worker watches the station on screen (idempotent on its side).
  useEffect(() => {
    if (selectedId) dataWorker.selectDevice(selectedId).catch((e) => console.warn('selectDevice failed', e));
  }, [selectedId]);

  if (devices === undefined) return <div className={styles.loading} aria-busy="true" />;

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

  const order = display?.metricsList ?? [];
  const cards = offered
    .filter((c) => order.includes(c.key))
    .sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  const hidden = display ? offered.filter((c) => !order.includes(c.key)) : [];
  const open = new Set(detailList ?? []);

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
        {devices.length > 1 && !fullscreen && (
          <StationPicker devices={devices} value={device._id} onChange={(id) => void openDevice(id)} />
        )}
      </header>
      {locked && <PlanLocked device={device} />}
      {!locked && latest && !latest.time && (
        <p className={styles.notice}>
          {t`This station has not uploaded any readings yet.`}{' '}
          <Link to="/server">{t`How to connect your console`}</Link>
        </p>
      )}
      {!locked && !fullscreen && hidden.length > 0 && (
        <HiddenCards
          cards={hidden}
          device={device}
          onShow={(key) => void saveDisplaySettings(device._id, { metricsList: [...order, key] })}
        />
      )}
      <CardMenuContext.Provider value={menu}>
        <div className={styles.grid}>
          {(locked ? [] : cards).map((def) => {
            const Card = cardComponent(def);
            if (!Card) return null;
            return (
              <CardSlot
                key={def.key}
                Card={Card}
                def={def}
                device={device}
                latest={latest}
                prefs={prefs}
                minMax={minMax}
                expanded={open.has(def.key)}
                onToggle={toggle}
                now={now}
              />
            );
          })}
        </div>
      </CardMenuContext.Provider>
    </section>
  );
}
