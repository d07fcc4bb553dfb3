// "Camera" (issue 28): where a station's IP camera (or a script) uploads its still images, with this station's
// key, at the portal's public host as the console setup names it (/config consoleAddress).
import { useLingui } from '@lingui/react/macro';
import { Panel } from '../../components/Page';
import { CAMERA_MAX_BYTES, cameraUploadUrl } from '../../domain/camera';
import { usePublicConfig } from '../login/SignInExtras';
import { CopyButton } from './CopyButton';
import styles from './ServerPage.module.css';

export function CameraSetup({ stationKey }: { stationKey: string | undefined }) {
  const { t } = useLingui();
  const configured = usePublicConfig()?.consoleAddress;
  const url = stationKey ? cameraUploadUrl(configured, location.origin, stationKey) : null;
  const size = `${CAMERA_MAX_BYTES / 1024 / 1024} MiB`;
  const command = url ? `curl -T snapshot.jpg ${url}` : '';
  return (
    <Panel>
      <h2 className={styles.sectionTitle}>{t`Camera`}</h2>
      <p className={styles.note}>
        {t`A camera at the station can show its view on the dashboard and the public page. In the camera's settings, turn on HTTP upload (sometimes called HTTP notification or FTP/HTTP snapshot) with this URL:`}
      </p>
      {url && (
        <div className={styles.valueRow}>
          <code className={styles.mono} data-testid="camera-url">
            {url}
          </code>
          <CopyButton value={url} label={t`Copy the camera upload URL`} />
        </div>
      )}
      <p className={styles.note}>
        {t`It takes POST or PUT with the JPEG, PNG or WebP image as the body or as a form with one file, up to ${size}, at most one image every 10 seconds. The images are kept as long as the station's readings. From a script:`}
      </p>
      {url && (
        <div className={styles.valueRow}>
          <code className={styles.mono} data-testid="camera-command">
            {command}
          </code>
          <CopyButton value={command} label={t`Copy the upload command`} />
        </div>
      )}
    </Panel>
  );
}
