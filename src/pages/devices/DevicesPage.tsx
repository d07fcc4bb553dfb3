// Edit Devices: the user's stations (name, station ID, type) and the add-station flow.
import { useLingui } from '@lingui/react/macro';
import { Plus, RadioTower, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { openDevice } from '../../app/actions';
import { Button } from '../../components/Button';
import { EmptyState, Page } from '../../components/Page';
import { useAuth, useDevices } from '../../db/hooks';
import type { Device } from '../../domain/contract';
import { AddDeviceFinish } from './AddDeviceFinish';
import { AddDeviceForm } from './AddDeviceForm';
import styles from './DevicesPage.module.css';
import { SharePanel } from './SharePanel';
import { typeName } from './typeNames';

export default function DevicesPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const devices = useDevices();
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const [added, setAdded] = useState<Device | null>(null);
  const [sharing, setSharing] = useState<string | null>(null);
  const adding = params.get('add') === '1';

  const startAdd = () => setParams({ add: '1' });
  const stopAdd = () => setParams({}, { replace: true });

  if (added) {
    return (
      <Page title={t`Station added`}>
        <AddDeviceFinish
          device={added}
          onDone={async () => {
            await openDevice(added._id);
            navigate('/dashboard');
          }}
        />
      </Page>
    );
  }

  if (adding) {
    return (
      <Page title={t`Add station`}>
        <AddDeviceForm
          onCancel={stopAdd}
          onAdded={(d) => {
            setAdded(d);
            stopAdd();
          }}
        />
      </Page>
    );
  }

  const me = auth?.user?._id;
  const relation = (d: Device) =>
    d.user === me ? t`Owner` : d.shareUsers?.includes(me ?? '') ? t`Shared with you` : t`Public`;

  return (
    <Page
      title={t`Edit Devices`}
      width="wide"
      actions={
        <Button variant="primary" icon={<Plus size={18} aria-hidden="true" />} onClick={startAdd}>
          {t`Add station`}
        </Button>
      }
    >
      {devices && devices.length === 0 && (
        <EmptyState icon={<RadioTower size={40} aria-hidden="true" />} title={t`No stations are found`}>
          <p>{t`Add your first station: you get a station ID and key to enter in your console.`}</p>
        </EmptyState>
      )}
      {devices && devices.length > 0 && (
        <ul className={styles.list} aria-label={t`Your stations`}>
          {devices.map((d) => (
            <li key={d._id} className={styles.item}>
              <div className={styles.main}>
                <span className={styles.name}>{d.name}</span>
                <span className={styles.type}>{typeName(d.consoletype)}</span>
              </div>
              <dl className={styles.facts}>
                <div>
                  <dt>{t`Station ID`}</dt>
                  <dd className="tabular">{d.wsid}</dd>
                </div>
                <div>
                  <dt>{t`Access`}</dt>
                  <dd>{relation(d)}</dd>
                </div>
                <div>
                  <dt>{t`Time zone`}</dt>
                  <dd>{d.timezone}</dd>
                </div>
              </dl>
              <div className={styles.buttons}>
                {d.user === me && (
                  <Button
                    size="sm"
                    icon={<Share2 size={16} aria-hidden="true" />}
                    aria-expanded={sharing === d._id}
                    aria-label={t`Share ${d.name}`}
                    onClick={() => setSharing(sharing === d._id ? null : d._id)}
                  >
                    {t`Share`}
                  </Button>
                )}
                <Button
                  size="sm"
                  aria-label={t`Open ${d.name} on the dashboard`}
                  onClick={async () => {
                    await openDevice(d._id);
                    navigate('/dashboard');
                  }}
                >
                  {t`Open`}
                </Button>
              </div>
              {sharing === d._id && <SharePanel device={d} />}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
