// The station's camera (issue 28): the newest image with its time, and a day's images as a time-lapse (a
// scrubber and play/pause stepping through the images in the browser; no video is made). Shown once the station
// has an image (src/domain/cards.ts). Images need a connection: they are not kept in IndexedDB.
import { useLingui } from '@lingui/react/macro';
import { Camera, Pause, Play } from 'lucide-react';
import { useContext, useEffect, useRef, useState } from 'react';
import { useBrowserOnline } from '../components/useLink';
import { useAuth } from '../db/hooks';
import {
  cameraDayOf,
  parseCameraDay,
  seekTimelapse,
  stepTimelapse,
  TIMELAPSE_FRAME_MS,
  type Timelapse,
  timelapseOf,
  togglePlay,
} from '../domain/camera';
import { formatDateTime } from '../i18n/dateTime';
import styles from './CameraCard.module.css';
import { CardShell, LinkDown } from './CardShell';
import { type CameraFrame, fetchCameraDay, fetchCameraFrame } from './cameraImages';
import { cardTitle } from './labels';
import type { CardProps } from './types';

/** How often an open card asks for a newer image (a revalidation: 304 while there is none). */
const REFRESH_MS = 60_000;

export function CameraCard(props: CardProps) {
  const { device, prefs } = props;
  const { t, i18n } = useLingui();
  const token = useAuth()?.accessToken;
  const linkDown = useContext(LinkDown);
  const online = useBrowserOnline() && !linkDown;
  const timeZone = device.timezone || 'UTC';
  /** undefined: loading; null: the station has no image. */
  const [newest, setNewest] = useState<CameraFrame | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [day, setDay] = useState<string | null>(null);
  const [lapse, setLapse] = useState<Timelapse>(() => timelapseOf([]));
  /** Loaded images of the time-lapse by their time (object URLs, revoked on unmount). */
  const [frames, setFrames] = useState<Record<number, string>>({});
  const urls = useRef(new Set<string>());
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const all = urls.current;
    return () => {
      for (const u of all) URL.revokeObjectURL(u);
    };
  }, []);

  useEffect(() => {
    if (!online) return;
    const timer = setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, [online]);

  // The newest image: again when the station names a newer one, on the refresh tick and back online.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cameraAt and tick are the reasons to ask again
  useEffect(() => {
    if (!online) return;
    const abort = new AbortController();
    fetchCameraFrame(device._id, token, undefined, abort.signal).then(
      (frame) => {
        if (frame) urls.current.add(frame.url);
        setFailed(false);
        setNewest((old) => (old && frame && old.time === frame.time ? old : frame));
        if (frame) setDay((d) => d ?? cameraDayOf(frame.time, timeZone));
      },
      () => !abort.signal.aborted && setFailed(true),
    );
    return () => abort.abort();
  }, [device._id, device.cameraAt, token, online, tick, timeZone]);

  // The chosen day's image times (its newest shown until the scrubber moves).
  const newestTime = newest?.time;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newer image adds a time to its day
  useEffect(() => {
    if (!online || !day) return;
    const abort = new AbortController();
    fetchCameraDay(device._id, token, day, abort.signal).then(
      (times) =>
        setLapse((old) => {
          const next = timelapseOf(times);
          // A list that grew while the time-lapse plays or rests earlier in the day keeps its place.
          return old.times.length > 0 && old.index < old.times.length - 1 && next.times.length > 0
            ? { ...next, index: Math.min(old.index, next.times.length - 1), playing: old.playing }
            : next;
        }),
      () => undefined,
    );
    return () => abort.abort();
  }, [device._id, token, day, online, newestTime]);

  const current = lapse.times[lapse.index];
  const shownTime = current ?? newest?.time;
  const loadFrame = (time: number | undefined): Promise<void> => {
    if (time === undefined || time === newest?.time || frames[time]) return Promise.resolve();
    return fetchCameraFrame(device._id, token, time).then(
      (frame) => {
        if (!frame) return;
        urls.current.add(frame.url);
        setFrames((f) => ({ ...f, [time]: frame.url }));
      },
      () => undefined,
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the frame the scrubber points at
  useEffect(() => {
    if (online) void loadFrame(current);
  }, [current, online]);

  // Playing: the next image is loaded first, then shown a frame's time later.
  // biome-ignore lint/correctness/useExhaustiveDependencies: steps on each index while playing
  useEffect(() => {
    if (!lapse.playing) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void loadFrame(lapse.times[lapse.index + 1]).then(() => {
      if (alive) timer = setTimeout(() => setLapse(stepTimelapse), TIMELAPSE_FRAME_MS);
    });
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [lapse.playing, lapse.index]);

  // The last image drawn stays while the next loads (no flash of an empty frame).
  const url =
    shownTime === undefined ? undefined : shownTime === newest?.time ? newest.url : frames[shownTime];
  const drawn = useRef<string | undefined>(undefined);
  if (url) drawn.current = url;
  const image = url ?? drawn.current;
  // With seconds: a camera may send an image every 10 seconds, and the time-lapse tells them apart.
  const timeText = (ms: number) => formatDateTime(ms, i18n.locale, prefs, { timeZone, seconds: true });
  const today = cameraDayOf(Date.now(), timeZone);

  let note: string | null = null;
  if (!online) note = t`The camera image needs a connection.`;
  else if (newest === null) note = t`No camera image yet.`;
  else if (failed && !image) note = t`The camera image could not be loaded.`;

  return (
    <CardShell
      cardKey={props.def.key}
      title={cardTitle(props.def.key)}
      icon={Camera}
      color="var(--c-light)"
      status="none"
      expanded={props.expanded}
      onToggle={props.onToggle}
    >
      <div className={styles.camera}>
        {image && shownTime !== undefined ? (
          <figure className={styles.figure}>
            <img
              className={styles.image}
              src={image}
              alt={t`View from the camera of ${device.name} at ${timeText(shownTime)}`}
              data-testid="camera-image"
            />
            <figcaption className={`${styles.time} tabular`} data-testid="camera-time">
              {timeText(shownTime)}
            </figcaption>
          </figure>
        ) : (
          !note && <div className={styles.placeholder} aria-busy="true" />
        )}
        {note && (
          <p className={styles.note} role="status">
            {note}
          </p>
        )}
        {online && day && (
          <div className={styles.lapse}>
            <button
              type="button"
              className={styles.play}
              onClick={() => setLapse(togglePlay)}
              disabled={lapse.times.length < 2}
              aria-label={lapse.playing ? t`Pause the time-lapse` : t`Play the time-lapse`}
              data-testid="camera-play"
            >
              {lapse.playing ? <Pause size={16} aria-hidden="true" /> : <Play size={16} aria-hidden="true" />}
            </button>
            <input
              type="range"
              className={styles.scrubber}
              min={0}
              max={Math.max(0, lapse.times.length - 1)}
              step={1}
              value={lapse.index}
              disabled={lapse.times.length < 2}
              onChange={(e) => setLapse((s) => seekTimelapse(s, Number(e.target.value)))}
              aria-label={t`Time-lapse of the day`}
              aria-valuetext={shownTime === undefined ? undefined : timeText(shownTime)}
              data-testid="camera-scrubber"
            />
            <div className={styles.meta}>
              <label className={styles.day}>
                <span className={styles.dayLabel}>{t`Day`}</span>
                <input
                  type="date"
                  value={day}
                  max={today}
                  onChange={(e) => {
                    if (parseCameraDay(e.target.value)) setDay(e.target.value);
                  }}
                  data-testid="camera-day"
                />
              </label>
              <span className={`${styles.count} tabular`} data-testid="camera-count">
                {lapse.times.length > 0
                  ? t`${lapse.index + 1} of ${lapse.times.length}`
                  : t`No images this day`}
              </span>
            </div>
          </div>
        )}
      </div>
    </CardShell>
  );
}
