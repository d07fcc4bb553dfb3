// Edit station: the names of the sensor channels the type has, in the order the user puts them (the order is
// kept in channelNameMapping). Saved through the outbox.
import { useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Page';
import { TextField } from '../../components/TextField';
import { patchDevice } from '../../db/edits';
import { useOutboxCount } from '../../db/hooks';
import { deviceType } from '../../domain';
import type { ChannelName, Device } from '../../domain/contract';
import styles from './EditDevice.module.css';

/** Every channel of the type, named ones first in their saved order (the server allows names up to 32). */
export function channelRows(device: Device): ChannelName[] {
  const count = deviceType(device.consoletype).channels;
  const named = (device.channelNameMapping ?? []).filter((c) => c.channel >= 1 && c.channel <= count);
  const rest = Array.from({ length: count }, (_, i) => i + 1)
    .filter((n) => !named.some((c) => c.channel === n))
    .map((channel) => ({ channel, name: '' }));
  return [...named, ...rest];
}

export const CHANNEL_NAME_MAX = 32;

export function ChannelNames({ device }: { device: Device }) {
  const { t } = useLingui();
  const outbox = useOutboxCount();
  const [rows, setRows] = useState(() => channelRows(device));
  const [saved, setSaved] = useState(false);
  // Only a different station or type resets the rows, while rendering (an effect ran after the first paint and
  // could overwrite a name typed before it ran).
  const station = `${device._id}:${device.consoletype}`;
  const [shown, setShown] = useState(station);
  if (shown !== station) {
    setShown(station);
    setRows(channelRows(device));
    setSaved(false);
  }

  if (rows.length === 0) return null;

  const move = (i: number, by: -1 | 1) => {
    const next = [...rows];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    setRows(next);
    setSaved(false);
  };
  const save = async () => {
    const channelNameMapping = rows
      .map((r) => ({ channel: r.channel, name: r.name.trim() }))
      .filter((r) => r.name);
    await patchDevice(device._id, { channelNameMapping });
    setSaved(true);
  };

  return (
    <Panel>
      <h2 className={styles.sectionTitle}>{t`Channel names`}</h2>
      <p
        className={styles.note}
      >{t`Names replace "Channel 1" and so on on the dashboard. Empty names keep the default.`}</p>
      <ol className={styles.channels} aria-label={t`Channel names`}>
        {rows.map((r, i) => (
          <li key={r.channel} className={styles.channel}>
            <TextField
              label={t`Channel ${r.channel}`}
              value={r.name}
              maxLength={CHANNEL_NAME_MAX}
              placeholder={t`Channel ${r.channel}`}
              onChange={(e) => {
                setRows(rows.map((x) => (x.channel === r.channel ? { ...x, name: e.target.value } : x)));
                setSaved(false);
              }}
            />
            <div className={styles.moves}>
              <Button
                size="sm"
                variant="ghost"
                iconOnly
                icon={<ArrowUp size={16} aria-hidden="true" />}
                aria-label={t`Move channel ${r.channel} up`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              />
              <Button
                size="sm"
                variant="ghost"
                iconOnly
                icon={<ArrowDown size={16} aria-hidden="true" />}
                aria-label={t`Move channel ${r.channel} down`}
                disabled={i === rows.length - 1}
                onClick={() => move(i, 1)}
              />
            </div>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <span role="status" className={styles.status}>
          {saved && (outbox > 0 ? t`Saved — will sync when online` : t`Saved`)}
        </span>
        <Button variant="primary" onClick={() => void save()}>
          {t`Save channel names`}
        </Button>
      </div>
    </Panel>
  );
}
