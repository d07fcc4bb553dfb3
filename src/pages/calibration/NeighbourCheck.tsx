// The neighbour check (issue 24): how the station's temperature and sea-level pressure compare with the public
// stations around it over the last days, and for a lasting offset the calibration that removes it, one click away.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { dataWorker } from '../../bridge/worker';
import { baseUnitName } from '../../cards/calibration';
import { metricLabel } from '../../cards/labels';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Page';
import type { LinkState } from '../../components/useLink';
import { saveSettings } from '../../db/edits';
import type { CalibrationEntry } from '../../domain/calibration';
import { HINT_DAYS, MIN_NEIGHBOURS, type NeighbourAnswer, type NeighbourHint } from '../../domain/neighbours';
import { localizeNumber } from '../../i18n/format';
import { translateServerMessage as tr } from '../../i18n/messages';
import styles from './CalibrationPage.module.css';

export function NeighbourCheck({
  deviceId,
  entries,
  link,
}: {
  deviceId: string;
  entries: CalibrationEntry[];
  /** Asked once the socket is up: while it connects the worker would answer "offline" (useLink). */
  link: LinkState;
}) {
  const { t, i18n } = useLingui();
  const [answer, setAnswer] = useState<NeighbourAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const online = link === 'online';
  useEffect(() => {
    if (!online) return;
    let live = true;
    setError(null);
    dataWorker
      .loadNeighbourHints(deviceId)
      .then((a) => live && setAnswer(a))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [deviceId, online]);

  const num = (n: number) => localizeNumber(String(Math.abs(n)), i18n.locale);
  const line = (h: NeighbourHint) => {
    const amount = `${num(h.offset)} ${baseUnitName(h.key)}`;
    const what = metricLabel(h.key);
    return h.offset > 0
      ? t`${what} reads ${amount} above ${plural(h.neighbours, { one: '# nearby station', other: '# nearby stations' })} for ${plural(h.days, { one: '# day', other: '# days' })}.`
      : t`${what} reads ${amount} below ${plural(h.neighbours, { one: '# nearby station', other: '# nearby stations' })} for ${plural(h.days, { one: '# day', other: '# days' })}.`;
  };
  // The server judges a metric on the readings since its newest calibration: an applied proposal has none yet.
  const propose = (h: NeighbourHint) => {
    setAnswer((a) => a && { ...a, hints: a.hints.filter((x) => x.key !== h.key) });
    void saveSettings('calibration', deviceId, {
      entries: [
        ...entries,
        { key: h.key, offset: -h.offset, multiplier: 1, quadratic: 0, since: Date.now() },
      ],
    });
  };

  let body: React.ReactNode;
  if (link === 'offline') body = <p className={styles.note}>{t`The neighbour check needs a connection.`}</p>;
  else if (error)
    body = (
      <p className={styles.error} role="alert">
        {tr(error)}
      </p>
    );
  else if (!answer) body = <div aria-busy="true" />;
  else if (!answer.positioned)
    body = (
      <p className={styles.note}>
        {t`Give the station its position to compare it with stations nearby.`}{' '}
        <Link to={`/devices/${deviceId}/edit`}>{t`Edit station`}</Link>
      </p>
    );
  else if (answer.neighbours < MIN_NEIGHBOURS)
    body = (
      <p className={styles.note}>
        {t`Fewer than ${MIN_NEIGHBOURS} public stations within ${answer.radiusKm} km reported in the last ${HINT_DAYS} days: there is nothing to compare with yet.`}
      </p>
    );
  else if (answer.hints.length === 0)
    body = (
      <p className={styles.note}>
        {t`Temperature and pressure agree with ${plural(answer.neighbours, { one: '# public station', other: '# public stations' })} within ${answer.radiusKm} km.`}
      </p>
    );
  else
    body = (
      <ul className={styles.hints} data-testid="neighbour-hints">
        {answer.hints.map((h) => (
          <li key={h.key}>
            <span>{line(h)}</span>
            <Button onClick={() => propose(h)}>
              {t`Calibrate by ${h.offset > 0 ? '−' : '+'}${num(h.offset)} ${baseUnitName(h.key)}`}
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <Panel className={styles.neighbours}>
      <h2 className={styles.title}>
        <Users size={18} aria-hidden="true" /> {t`Neighbour check`}
      </h2>
      <p className={styles.note}>
        {t`Hour by hour over the last ${HINT_DAYS} days, against the median of the public stations within ${answer?.radiusKm ?? 25} km. Only the median is used; no other station's readings are shown.`}
      </p>
      {body}
    </Panel>
  );
}
