// The station form of /admin/devices: name, type, who sees its data (share mode) and its owner (autocomplete on
// the accounts).
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { DEVICE_TYPES } from '../../domain/deviceTypeDefs';
import { typeName } from '../devices/typeNames';
import { Autocomplete } from './table/Autocomplete';
import styles from './table/DataTable.module.css';
import { EditorActions } from './table/EditorActions';
import type { EditorProps } from './table/types';

const SHARE_MODES = {
  private: msg`Nobody`,
  public: msg`Everyone`,
  unlist: msg`Not Show`,
} as const;

export function shareModeLabel(mode: string): string {
  const d = SHARE_MODES[mode as keyof typeof SHARE_MODES];
  return d ? i18n._(d) : mode;
}

const userName = (u: Record<string, unknown>) => {
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ');
  return name ? `${name} <${String(u.email)}>` : String(u.email);
};

export function DeviceEditor({ initial, busy, save, cancel }: EditorProps) {
  const { t } = useLingui();
  const [name, setName] = useState(String(initial.name ?? ''));
  const [type, setType] = useState(String(initial.consoletype ?? 0));
  const [shareMode, setShareMode] = useState(String(initial.shareMode ?? 'private'));
  const [owner, setOwner] = useState<string | null>(typeof initial.user === 'string' ? initial.user : null);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(t`Required`);
      return;
    }
    const data: Record<string, unknown> = { name: name.trim(), consoletype: Number(type), shareMode };
    if (owner && owner !== initial.user) data.user = owner;
    void save(data);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label={t({ message: 'Name', context: 'of a station or plan' })}
        value={name}
        error={error}
        onChange={(e) => setName(e.target.value)}
      />
      <SelectField
        label={t`Type`}
        value={type}
        onChange={(e) => setType(e.target.value)}
        options={DEVICE_TYPES.map((d) => ({ value: String(d.id), label: typeName(d.id) }))}
      />
      <SelectField
        label={t`Who can see its data`}
        value={shareMode}
        onChange={(e) => setShareMode(e.target.value)}
        options={Object.keys(SHARE_MODES).map((m) => ({ value: m, label: shareModeLabel(m) }))}
      />
      <Autocomplete
        label={t`Owner`}
        service="admin/users"
        fields={['email', 'firstName', 'lastName']}
        and={[{ disabled: false }]}
        value={owner}
        onChange={setOwner}
        display={userName}
      />
      <EditorActions cancel={cancel} busy={busy} />
    </form>
  );
}
