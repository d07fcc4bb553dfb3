// Choose which of the user's stations the dashboard shows.
import { useLingui } from '@lingui/react/macro';
import type { Device } from '../../domain/contract';
import styles from './DashboardPage.module.css';

export function StationPicker({
  devices,
  value,
  onChange,
}: {
  devices: Device[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useLingui();
  return (
    <label className={styles.picker}>
      <span className="visually-hidden">{t`Station`}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {devices.map((d) => (
          <option key={d._id} value={d._id}>
            {d.name} ({d.wsid})
          </option>
        ))}
      </select>
    </label>
  );
}
