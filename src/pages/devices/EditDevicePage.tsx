// Edit station (/devices/:id/edit, issue #12): every device field of spec §3 for the owner — the fields and the
// console settings, channel names, sharing, station key and MAC, today's min/max and deleting the station.
// Edits go through the outbox (offline too); the key and the MAC need the server.
import { useLingui } from '@lingui/react/macro';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { NotFoundView } from '../../app/ErrorPage';
import { Button } from '../../components/Button';
import { EmptyState, Page, Panel } from '../../components/Page';
import { deleteDevice } from '../../db/device-edits';
import { useAuth, useDevice, useDevices } from '../../db/hooks';
import { ChannelNames } from './ChannelNames';
import { DeleteDeviceDialog } from './DeleteDeviceDialog';
import { DeviceFieldsForm } from './DeviceFieldsForm';
import styles from './EditDevice.module.css';
import { MinMaxReset } from './MinMaxReset';
import { PlanState } from './PlanState';
import { SharePanel } from './SharePanel';
import { StationCredentials } from './StationCredentials';

export default function EditDevicePage() {
  const { t } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const devices = useDevices();
  const device = useDevice(id);
  const [deleting, setDeleting] = useState(false);

  const back = (
    <Link to="/devices" className={styles.back}>
      <ArrowLeft size={16} aria-hidden="true" />
      {t`All stations`}
    </Link>
  );
  if (devices === undefined || auth === undefined) return <div aria-busy="true" />;
  // A station in the address that the user does not have: the link is wrong (spec §2: not found).
  if (!devices.some((d) => d._id === id)) return <NotFoundView />;
  if (!device) return <div aria-busy="true" />;
  if (device.user !== auth?.user._id)
    return (
      <Page title={device.name}>
        <EmptyState title={t`Only the owner can change this station`}>{back}</EmptyState>
      </Page>
    );

  return (
    <Page title={t`Edit ${device.name}`} width="wide" actions={back}>
      <div className={styles.layout}>
        <div className={styles.column}>
          <DeviceFieldsForm device={device} plan={<PlanState device={device} />} />
          <ChannelNames device={device} />
        </div>
        <div className={styles.column}>
          <Panel>
            <h2 className={styles.sectionTitle}>{t`Sharing`}</h2>
            <SharePanel device={device} />
          </Panel>
          <StationCredentials device={device} />
          <MinMaxReset device={device} />
          <Panel>
            <h2 className={styles.sectionTitle}>{t`Delete station`}</h2>
            <div className={styles.inline}>
              <p className={styles.note}>{t`Deletes the station and everything stored for it.`}</p>
              <Button
                variant="danger"
                icon={<Trash2 size={16} aria-hidden="true" />}
                onClick={() => setDeleting(true)}
              >
                {t`Delete station`}
              </Button>
            </div>
          </Panel>
        </div>
      </div>
      <DeleteDeviceDialog
        name={device.name}
        open={deleting}
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          setDeleting(false);
          await deleteDevice(device._id);
          navigate('/devices', { replace: true });
        }}
      />
    </Page>
  );
}
