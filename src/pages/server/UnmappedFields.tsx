// The fields the station uploads that the portal does not know, with their last values.
import { useLingui } from '@lingui/react/macro';
import { Panel } from '../../components/Page';
import styles from './ServerPage.module.css';

export function UnmappedFields({ fields }: { fields: Record<string, string> }) {
  const { t } = useLingui();
  const rows = Object.entries(fields);
  return (
    <Panel>
      <h2 className={styles.sectionTitle}>{t`Unmapped fields`}</h2>
      {rows.length === 0 ? (
        <p className={styles.note}>{t`Every field this station uploads is shown on the dashboard.`}</p>
      ) : (
        <>
          <p className={styles.note}>
            {t`The station uploads these fields, which the portal does not know. They are kept but not shown.`}
          </p>
          <table className={styles.settings}>
            <thead>
              <tr>
                <th scope="col">{t`Field`}</th>
                <th scope="col">{t`Last value`}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([k, v]) => (
                <tr key={k}>
                  <th scope="row" className={styles.mono}>
                    {k}
                  </th>
                  <td className={styles.mono}>{v}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Panel>
  );
}
