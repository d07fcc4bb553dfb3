// Edit Devices: the user's stations (name, station ID, type) and the add-station flow; owners edit and delete
// (after a confirmation), public stations can be forgotten, and a failed list load offers a retry.
import { useLingui } from '@lingui/react/macro';
import { Pencil, Plus, RadioTower, Share2, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { DeviceListError } from '../../components/DeviceListError';
import { openDevice } from '../../components/openDevice';
import { EmptyState, Page } from '../../components/Page';
import { deleteDevice } from '../../db/device-edits';
import { useAuth, useConnectionField, useDevices } from '../../db/hooks';
import type { Device } from '../../domain/contract';
import { runAction } from '../../state/run-action';
import { useUi } from '../../state/ui';
import { AddDeviceFinish } from './AddDeviceFinish';
import { AddDeviceForm } from './AddDeviceForm';
import { DeleteDeviceDialog } from './DeleteDeviceDialog';
import styles from './DevicesPage.module.css';
import { ForgetDeviceDialog } from './ForgetDeviceDialog';
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
  const [deleting, setDeleting] = useState<Device | null>(null);
  const [forgetting, setForgetting] = useState<Device | null>(null);
  const loadState = useConnectionField('devices');
  const busy = useUi((s) => s.processing);
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
      <DeviceListError />
      {devices && devices.length === 0 && loadState !== 'error' && (
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
                  <Link
                    to={`/devices/${d._id}/edit`}
                    className={styles.linkButton}
                    aria-label={t`Edit ${d.name}`}
                  >
                    <Pencil size={16} aria-hidden="true" />
                    {t`Edit`}
                  </Link>
                )}
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
                {d.user === me && (
                  <Button
                    size="sm"
                    variant="ghost"
                    iconOnly
                    icon={<Trash2 size={16} aria-hidden="true" />}
                    aria-label={t`Delete ${d.name}`}
                    title={t`Delete station`}
                    onClick={() => setDeleting(d)}
                  />
                )}
                {d.user !== me && !d.shareUsers?.includes(me ?? '') && (
                  <Button
                    size="sm"
                    variant="ghost"
                    iconOnly
                    icon={<X size={16} aria-hidden="true" />}
                    aria-label={t`Remove ${d.name} from your list`}
                    title={t`Remove from your list`}
                    onClick={() => setForgetting(d)}
                  />
                )}
              </div>
              {sharing === d._id && <SharePanel device={d} />}
            </li>
          ))}
        </ul>
      )}
      <DeleteDeviceDialog
        name={deleting?.name ?? ''}
        open={!!deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const d = deleting;
          setDeleting(null);
          if (d) void deleteDevice(d._id);
        }}
      />
      <ForgetDeviceDialog
        name={forgetting?.name ?? ''}
        open={!!forgetting}
        busy={busy === 'forgetDevice'}
        onCancel={() => setForgetting(null)}
        onConfirm={async () => {
          const d = forgetting;
          if (d) await runAction('forgetDevice', () => dataWorker.forgetDevice(d._id));
          setForgetting(null);
        }}
      />
    </Page>
  );
}
