// The station picker of the settings screens (alerts, weather server, export): a labelled select over the
// stations the screen applies to, defaulting to the one open on the dashboard.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useSelectedDeviceId } from '../db/hooks';
import type { Device } from '../domain/contract';
import { SelectField } from './SelectField';

/** The chosen station id: the dashboard's station when it is in `devices`, else the first one. */
export function useStationChoice(devices: Device[] | undefined): [string | undefined, (id: string) => void] {
  const selected = useSelectedDeviceId();
  const [choice, setChoice] = useState<string | undefined>();
  const ids = devices?.map((d) => d._id) ?? [];
  const valid = choice && ids.includes(choice) ? choice : undefined;
  const fallback = selected && ids.includes(selected) ? selected : ids[0];
  const current = valid ?? fallback;
  useEffect(() => {
    if (!valid && fallback) setChoice(fallback);
  }, [valid, fallback]);
  return [current, setChoice];
}

export function StationSelect({
  devices,
  value,
  onChange,
  className,
}: {
  devices: Device[];
  value: string | undefined;
  onChange: (id: string) => void;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <SelectField
      className={className}
      label={t`Station`}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      options={devices.map((d) => ({ value: d._id, label: `${d.name} (${d.wsid})` }))}
    />
  );
}
