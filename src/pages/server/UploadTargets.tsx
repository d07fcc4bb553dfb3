// Weather Server → "Forward to weather networks" (issue #17): the station's upload targets, each with its
// station ID, masked key (shown on request), interval, on/off, last upload and result; add, edit, test now and
// remove. Owners only (the page lists owned stations only; the server refuses anyone else).
import { useLingui } from '@lingui/react/macro';
import { CloudUpload, Eye, EyeOff, Pencil, Plus, Send, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Panel } from '../../components/Page';
import { useAuth } from '../../db/hooks';
import type { UploadTarget } from '../../domain/contract';
import { isDemoAccount } from '../../domain/demo';
import { NETWORKS } from '../../domain/networks';
import { translateServerMessage as tr } from '../../i18n/messages';
import styles from './ServerPage.module.css';
import { TargetDialog } from './TargetDialog';
import { useUploadTargets } from './useUploadTargets';

export function UploadTargets({
  deviceId,
  online,
  dateText,
}: {
  deviceId: string;
  online: boolean;
  /** unix ms → the date and time in the user's format. */
  dateText: (ms: number) => string;
}) {
  const { t } = useLingui();
  const s = useUploadTargets(deviceId, online);
  const [editing, setEditing] = useState<UploadTarget | null>(null);
  const [adding, setAdding] = useState(false);
  // The shared demo account forwards nowhere (the server refuses new targets too).
  const demo = isDemoAccount(useAuth()?.user);
  const dialogOpen = adding || editing !== null;
  const close = () => {
    setAdding(false);
    setEditing(null);
  };
  const offlineTitle = online ? undefined : t`Needs a connection to the server`;
  const targetName = (x: UploadTarget) =>
    x.network === 'custom' ? t`Custom server` : NETWORKS[x.network].name;

  return (
    <Panel>
      <div className={styles.targetsHead}>
        <div>
          <h2 className={styles.sectionTitle}>{t`Forward to weather networks`}</h2>
          <p className={styles.note}>
            {t`Each upload this station sends here is passed on to the networks below, in their own format.`}
          </p>
        </div>
        <Button
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => setAdding(true)}
          disabled={!online || demo}
          title={demo ? t`Not available for the demo account: every visitor shares it.` : offlineTitle}
        >
          {t`Add target`}
        </Button>
      </div>
      {demo && (
        <p className={styles.note} role="note">
          {t`Not available for the demo account: every visitor shares it.`}
        </p>
      )}
      {s.error && !dialogOpen && (
        <p className={styles.error} role="alert">
          {tr(s.error)}
        </p>
      )}
      {s.targets && s.targets.length === 0 && (
        <p className={styles.empty}>
          <CloudUpload size={20} aria-hidden="true" />
          {t`No upload targets yet. Add Weather Underground, Windy, PWSweather, WeatherCloud, AWEKAS or your own server.`}
        </p>
      )}
      <ul className={styles.targets}>
        {(s.targets ?? []).map((x) => {
          const busy = s.busy === x._id;
          const tested = s.tested?.target._id === x._id ? s.tested : null;
          // Our reason and the status class only: the server never passes on what the target answered.
          const reason = tested ? tr(tested.message) : '';
          const status = tested?.status;
          const key = s.revealed[x._id];
          return (
            <li key={x._id} className={styles.target} data-testid="upload-target">
              <div className={styles.targetTitle}>
                <strong>{targetName(x)}</strong>
                {(x.network === 'custom' || x.network === 'cwop') && x.url && (
                  <span className={styles.mono}>{x.url}</span>
                )}
                <Checkbox
                  label={t`On`}
                  checked={x.enabled}
                  disabled={!online || busy}
                  onChange={(e) => void s.setEnabled(x, e.target.checked)}
                />
              </div>
              <dl className={styles.targetFacts}>
                <div>
                  <dt>{t`Station ID`}</dt>
                  <dd className={styles.mono}>{x.stationId || '---'}</dd>
                </div>
                <div>
                  <dt>{t`Key`}</dt>
                  <dd className={styles.valueRow}>
                    <span className={styles.mono} data-testid="target-key">
                      {key ?? (x.key || '---')}
                    </span>
                    {x.key && (
                      <Button
                        size="sm"
                        variant="ghost"
                        iconOnly
                        icon={
                          key ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />
                        }
                        aria-label={key ? t`Hide key` : t`Show key`}
                        title={key ? t`Hide key` : t`Show key`}
                        disabled={!online && !key}
                        onClick={() => (key ? s.hide(x) : void s.reveal(x))}
                      />
                    )}
                  </dd>
                </div>
                <div>
                  <dt>{t`Interval`}</dt>
                  <dd className="tabular">{t`${x.interval} s`}</dd>
                </div>
                <div>
                  <dt>{t`Last upload`}</dt>
                  <dd className="tabular" data-testid="target-last-upload">
                    {x.lastUploadAt ? dateText(x.lastUploadAt) : t`Not sent yet`}
                  </dd>
                </div>
                <div>
                  <dt>{t`Last result`}</dt>
                  <dd
                    className={x.lastOk === false ? styles.resultBad : x.lastOk ? styles.resultOk : undefined}
                    data-testid="target-last-result"
                  >
                    {x.lastResult === null ? '---' : x.lastOk ? t`Accepted` : tr(x.lastResult)}
                  </dd>
                </div>
              </dl>
              {x.pausedAt !== null && (
                <p className={styles.warning} role="note">
                  <TriangleAlert size={16} aria-hidden="true" />
                  {t`Paused: ${targetName(x)} kept refusing the station ID or key. Check them and save, or turn the target on again.`}
                </p>
              )}
              {tested && (
                <p className={tested.ok ? styles.success : styles.error} role="status">
                  {tested.ok
                    ? t`Test upload accepted.`
                    : status
                      ? t`Test upload failed: ${reason} (HTTP ${status})`
                      : t`Test upload failed: ${reason}`}
                </p>
              )}
              <div className={styles.targetActions}>
                <Button
                  size="sm"
                  icon={<Send size={16} aria-hidden="true" />}
                  busy={busy}
                  disabled={!online}
                  title={offlineTitle}
                  onClick={() => void s.test(x)}
                >
                  {t`Test now`}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<Pencil size={16} aria-hidden="true" />}
                  disabled={!online}
                  title={offlineTitle}
                  onClick={() => setEditing(x)}
                >
                  {t`Edit`}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<Trash2 size={16} aria-hidden="true" />}
                  disabled={!online || busy}
                  title={offlineTitle}
                  onClick={() => void s.remove(x)}
                >
                  {t`Remove`}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <TargetDialog
        open={dialogOpen}
        device={deviceId}
        editing={editing}
        busy={s.busy === (editing?._id ?? 'new')}
        error={s.error ? tr(s.error) : null}
        onCancel={close}
        onSave={async (input) => {
          if (await s.save(editing?._id ?? null, input)) close();
        }}
      />
    </Panel>
  );
}
