// Autocomplete on a configurable service (spec §7), a react-aria ComboBox: typing finds with $or of $regex on
// `fields` (and the given $and conditions), at most 10; the selected value's name is fetched with $in and $limit.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import type { AdminPath } from '../../../../workers/api';
import { dataWorker } from '../../../bridge/worker';
import fieldStyles from '../../../components/Field.module.css';
import { autocompleteQuery } from '../../../domain/adminTable';
import styles from './Autocomplete.module.css';

type Option = Record<string, unknown> & { _id: string };

export function Autocomplete({
  label,
  service,
  fields,
  and = [],
  value,
  onChange,
  display,
}: {
  label: string;
  service: AdminPath;
  fields: string[];
  and?: Record<string, unknown>[];
  value: string | null;
  onChange: (id: string | null) => void;
  display: (option: Option) => string;
}) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  const [selected, setSelected] = useState<Option | null>(null);

  // The selected value's name: find with $in and $limit (spec §7).
  useEffect(() => {
    if (!value || selected?._id === value) return;
    dataWorker
      .adminFind(service, { _id: { $in: [value] }, $limit: 1 })
      .then((page) => {
        const found = (page.data[0] as Option | undefined) ?? null;
        setSelected(found);
        if (found) setText(display(found));
      })
      .catch((e) => console.error('[admin] autocomplete value', e));
  }, [value, service, selected, display]);

  const query = JSON.stringify(
    autocompleteQuery(selected && text === display(selected) ? '' : text, fields, and, 10),
  );
  useEffect(() => {
    const timer = setTimeout(() => {
      dataWorker
        .adminFind(service, JSON.parse(query))
        .then((page) => setOptions(page.data as Option[]))
        .catch((e) => console.error('[admin] autocomplete', e));
    }, 200);
    return () => clearTimeout(timer);
  }, [query, service]);

  const items = selected && !options.some((o) => o._id === selected._id) ? [selected, ...options] : options;
  return (
    <ComboBox
      className={fieldStyles.field}
      items={items}
      inputValue={text}
      onInputChange={setText}
      selectedKey={value}
      onSelectionChange={(key) => {
        const picked = items.find((o) => o._id === key) ?? null;
        setSelected(picked);
        if (picked) setText(display(picked));
        onChange(picked?._id ?? null);
      }}
      menuTrigger="focus"
      allowsEmptyCollection
    >
      <Label className={fieldStyles.label}>{label}</Label>
      <Input className={fieldStyles.input} placeholder={t`Type to search`} />
      <Popover className={styles.popover}>
        <ListBox
          className={styles.list}
          renderEmptyState={() => <p className={styles.none}>{t`No result`}</p>}
        >
          {(o: Option) => (
            <ListBoxItem id={o._id} textValue={display(o)} className={styles.option}>
              {display(o)}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
