// Kiosk (fullscreen) controls in the flow of the page, above the content: the connection pill, the station
// cycle, the kiosk options and the exit button never cover a card or the title. The exit button floats (spec §2):
// once the bar has scrolled out of view it stays in the top corner, so fullscreen can always be left. Offline, a banner says the
// readings are the last ones received. Cycling opens the chosen stations in turn.
import { useLingui } from '@lingui/react/macro';
import { Minimize, Settings2, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { AppDialog } from '../../components/Dialog';
import { openDevice } from '../../components/openDevice';
import { SelectField } from '../../components/SelectField';
import { useLink } from '../../components/useLink';
import { getEditsDb } from '../../db/edits';
import { useDevices, useSelectedDeviceId, useSetting } from '../../db/hooks';
import { DEFAULT_KIOSK, type KioskSettings, SETTING, setSetting } from '../../db/settings';
import { exitFullscreen } from '../fullscreen';
import { ConnectionStatus } from './ConnectionStatus';
import styles from './KioskBar.module.css';

const CYCLE_SECONDS = [15, 30, 60, 120, 300];

/** The next station of the cycle after `current` (the first when `current` is not in it). */
export function nextStation(stations: string[], current: string | undefined): string | undefined {
  if (stations.length < 2) return undefined;
  const i = current ? stations.indexOf(current) : -1;
  return stations[(i + 1) % stations.length];
}

function useKioskCycle(kiosk: KioskSettings, known: string[]) {
  const selected = useSelectedDeviceId();
  const stations = kiosk.stations.filter((id) => known.includes(id));
  const list = stations.join();
  useEffect(() => {
    const ids = list ? list.split(',') : [];
    if (ids.length < 2) return;
    const timer = setTimeout(() => {
      const next = nextStation(ids, selected);
      if (next) void openDevice(next);
    }, Math.max(5, kiosk.cycleSeconds) * 1000);
    return () => clearTimeout(timer);
  }, [list, selected, kiosk.cycleSeconds]);
  return { stations, position: selected ? stations.indexOf(selected) : -1 };
}

/** Whether the bar has scrolled out of view, and the exit button's width while it was in it. */
function useScrolledAway() {
  const ref = useRef<HTMLDivElement>(null);
  const [away, setAway] = useState(false);
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const bar = ref.current;
    if (!bar || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      const gone = entry.intersectionRatio === 0;
      if (gone) setWidth(bar.querySelector<HTMLElement>('[data-exit-slot]')?.offsetWidth);
      setAway(gone);
    });
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  return { ref, away, width };
}

export function KioskBar() {
  const { t } = useLingui();
  const link = useLink();
  const devices = useDevices() ?? [];
  const kiosk = useSetting(SETTING.kiosk, DEFAULT_KIOSK) ?? DEFAULT_KIOSK;
  const [options, setOptions] = useState(false);
  const { stations, position } = useKioskCycle(
    kiosk,
    devices.map((d) => d._id),
  );
  const save = (patch: Partial<KioskSettings>) =>
    void getEditsDb().then((db) => setSetting(db, SETTING.kiosk, { ...kiosk, ...patch }));
  const floating = useScrolledAway();

  return (
    <>
      <div className={styles.bar} data-testid="kiosk-bar" ref={floating.ref}>
        <ConnectionStatus />
        {stations.length > 1 && position >= 0 && (
          <span className={styles.cycle}>{t`Station ${position + 1} of ${stations.length}`}</span>
        )}
        <span className={styles.spacer} />
        <Button
          variant="ghost"
          size="sm"
          icon={<Settings2 size={18} aria-hidden="true" />}
          onClick={() => setOptions(true)}
          aria-label={t`Kiosk options`}
        >
          <span className={styles.wideOnly}>{t`Kiosk options`}</span>
        </Button>
        {/* Its place in the bar is kept while it floats: nothing moves when it leaves and comes back. */}
        <span
          className={styles.exitSlot}
          data-exit-slot
          style={floating.away ? { width: floating.width } : undefined}
        >
          <span
            className={floating.away ? styles.floating : undefined}
            data-floating={floating.away || undefined}
          >
            <Button
              size="sm"
              icon={<Minimize size={18} aria-hidden="true" />}
              onClick={() => void exitFullscreen()}
              aria-label={t`Exit fullscreen`}
            >
              <span className={styles.wideOnly}>{t`Exit fullscreen`}</span>
            </Button>
          </span>
        </span>
      </div>
      {link === 'offline' && (
        <p className={styles.offline} role="status">
          <WifiOff size={20} aria-hidden="true" />
          {t`Offline: these are the last readings received. They update by themselves when the connection is back.`}
        </p>
      )}
      <AppDialog
        open={options}
        onClose={() => setOptions(false)}
        title={t`Kiosk options`}
        actions={<Button onClick={() => setOptions(false)}>{t`Done`}</Button>}
      >
        <div className={styles.options}>
          <Checkbox
            label={t`Show card details and graphs`}
            checked={kiosk.details}
            onChange={(e) => save({ details: e.target.checked })}
          />
          {devices.length > 1 && (
            <fieldset className={styles.stations}>
              <legend>{t`Stations to show in turn`}</legend>
              {devices.map((d) => (
                <Checkbox
                  key={d._id}
                  label={`${d.name} (${d.wsid})`}
                  checked={kiosk.stations.includes(d._id)}
                  onChange={(e) =>
                    save({
                      stations: e.target.checked
                        ? [...kiosk.stations.filter((id) => id !== d._id), d._id]
                        : kiosk.stations.filter((id) => id !== d._id),
                    })
                  }
                />
              ))}
            </fieldset>
          )}
          {devices.length > 1 && (
            <SelectField
              label={t`Time per station`}
              value={String(kiosk.cycleSeconds)}
              onChange={(e) => save({ cycleSeconds: Number(e.target.value) })}
              options={CYCLE_SECONDS.map((s) => ({
                value: String(s),
                label: s < 60 ? t`${s} seconds` : t`${s / 60} min`,
              }))}
            />
          )}
        </div>
      </AppDialog>
    </>
  );
}
