// Station-ID search in the top bar (spec §5): looks the station up, opens it, or says 'Device not found'.
// The box shows the opened device's station ID when the user does not own it (spec §4 Device list).
import { useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { dataWorker } from '../../bridge/worker';
import { openDevice } from '../../components/openDevice';
import { useAuth, useDevice, useSelectedDeviceId } from '../../db/hooks';
import { runAction } from '../../state/run-action';
import { useUi } from '../../state/ui';
import styles from './StationSearch.module.css';

export function StationSearch({ className }: { className?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const auth = useAuth();
  const selected = useDevice(useSelectedDeviceId() ?? null);
  const busy = useUi((s) => s.processing === 'lookupStation');
  const [wsid, setWsid] = useState('');

  const ownerId = auth?.user?._id;
  useEffect(() => {
    if (!selected) return;
    setWsid(selected.user === ownerId ? '' : selected.wsid);
  }, [selected, ownerId]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const id = wsid.trim();
    if (!id) return;
    const r = await runAction('lookupStation', () => dataWorker.lookupStation(id));
    if (!r.ok) return;
    await openDevice(r.value._id);
    navigate('/dashboard');
  }

  return (
    <search className={className}>
      <form className={`${styles.form} ${className ? styles.full : ''}`} onSubmit={submit}>
        <input
          className={styles.input}
          value={wsid}
          onChange={(e) => setWsid(e.target.value)}
          placeholder={t`Station ID`}
          aria-label={t`Search station ID`}
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className={styles.button} aria-label={t`Search`} disabled={busy}>
          <Search size={16} aria-hidden="true" />
        </button>
      </form>
    </search>
  );
}
