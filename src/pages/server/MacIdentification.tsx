// Weather Server, Ecowitt tab: the console's MAC and whether uploads may identify the station by it (macAuth,
// off by default). The station key in the path is the safe setting; identification by MAC lets anyone who
// knows the MAC upload as the station, hence the warning. Online only: the server refuses a claimed MAC (409).
import { useLingui } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { TextField } from '../../components/TextField';
import { normalizeMac, validateMac } from '../../domain';
import type { Device } from '../../domain/contract';
import { macAuthError } from '../../domain/deviceFields';
import { translateServerMessage as tr } from '../../i18n/messages';
import { errorText } from '../../state/ui';
import styles from './ServerPage.module.css';

export function MacAuthWarning() {
  const { t } = useLingui();
  return (
    <p className={styles.warning} role="note">
      <TriangleAlert size={16} aria-hidden="true" />
      {t`Anyone who knows this MAC address can then upload readings as this station. Prefer the station key in the path.`}
    </p>
  );
}

export function MacIdentification({ device, online }: { device: Device; online: boolean }) {
  const { t } = useLingui();
  const [mac, setMac] = useState(device.mac ?? '');
  const [macAuth, setMacAuth] = useState(!!device.macAuth);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  // Another station picked, or the device changed (saved here or elsewhere): show what the server has.
  useEffect(() => {
    setMac(device.mac ?? '');
    setMacAuth(!!device.macAuth);
  }, [device.mac, device.macAuth]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new station starts without messages
  useEffect(() => {
    setError(null);
    setSaved(false);
  }, [device._id]);

  const save = async () => {
    const typed = mac.trim();
    const invalid = (typed && validateMac(typed)) || macAuthError(typed, macAuth);
    setSaved(false);
    if (invalid) return setError(invalid);
    setBusy(true);
    try {
      await dataWorker.setMacIdentification(device._id, { mac: typed ? normalizeMac(typed) : null, macAuth });
      setError(null);
      setSaved(true);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.macAuth} aria-labelledby="mac-auth-title">
      <h3 id="mac-auth-title" className={styles.subTitle}>{t`Identification by MAC address`}</h3>
      <p className={styles.note}>
        {t`With the path above, the station key identifies the station. Consoles that cannot use it may instead be recognised by their MAC address.`}
      </p>
      <TextField
        label={t`Console MAC address`}
        placeholder="AA:BB:CC:DD:EE:FF"
        value={mac}
        onChange={(e) => setMac(e.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
      <Checkbox
        label={t`Accept uploads that identify this station by its MAC address`}
        checked={macAuth}
        onChange={(e) => setMacAuth(e.target.checked)}
      />
      {macAuth && <MacAuthWarning />}
      {error && (
        <p className={styles.error} role="alert">
          {tr(error)}
        </p>
      )}
      <div className={styles.macActions}>
        {saved && <span role="status">{t`Saved`}</span>}
        <Button
          variant="primary"
          busy={busy}
          disabled={!online}
          title={online ? undefined : t`Needs a connection to the server`}
          onClick={() => void save()}
        >
          {t`Save`}
        </Button>
      </div>
    </section>
  );
}
