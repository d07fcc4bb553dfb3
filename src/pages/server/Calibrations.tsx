// The station's calibrations in effect (issue 24), and the way to the Calibration page that changes them and to
// the Data quality page.
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { correctionText } from '../../cards/calibration';
import { Panel } from '../../components/Page';
import { useSettings } from '../../db/hooks';
import { activeCalibrations } from '../../domain/calibration';
import type { Device } from '../../domain/contract';
import { itemLabel } from '../alert/alertItems';
import styles from './ServerPage.module.css';

export function Calibrations({ device, dateText }: { device: Device; dateText: (ms: number) => string }) {
  const { t, i18n } = useLingui();
  const settings = useSettings('calibration', device._id);
  const active = activeCalibrations(settings?.entries ?? [], Date.now());
  return (
    <Panel>
      <h2 className={styles.sectionTitle}>{t`Calibration`}</h2>
      {active.length === 0 ? (
        <p className={styles.note}>{t`No calibrations: readings are stored as the console sends them.`}</p>
      ) : (
        <table className={styles.settings} data-testid="active-calibrations">
          <thead>
            <tr>
              <th scope="col">{t`Metric`}</th>
              <th scope="col">{t`Correction`}</th>
              <th scope="col">{t`Since`}</th>
            </tr>
          </thead>
          <tbody>
            {active.map((e) => (
              <tr key={e.key}>
                <th scope="row">{itemLabel(e.key, device)}</th>
                <td className={styles.mono}>{correctionText(e, i18n.locale)}</td>
                <td>{dateText(e.since)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className={styles.note}>
        <Link to={`/calibration/${device._id}`}>{t`Calibrate the sensors`}</Link>
        {' · '}
        <Link to={`/quality/${device._id}`}>{t`Data quality`}</Link>
      </p>
    </Panel>
  );
}
