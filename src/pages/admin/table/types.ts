// The generic admin table's configuration (issue #15): one DataTable serves every admin list; a screen says what
// its service, columns, search fields, editor, related names and switches are.
import type { ComponentType, ReactNode } from 'react';
import type { AdminPath } from '../../../../workers/api';

export type Row = Record<string, unknown> & { _id: string };

export interface Column {
  /** A dotted path of the record ('user.email'); also the export's value. */
  key: string;
  label: string;
  /** Sort by this field (`sortKey`, else `key`). */
  sortable?: boolean;
  sortKey?: string;
  /** The cell; default: the value as text. */
  render?: (row: Row) => ReactNode;
  /** An image URL: shown as a picture; its rows are 64 px high in sheets (spec §9). */
  image?: boolean;
  /** Numbers and dates align right. */
  numeric?: boolean;
}

/** Related names (spec §7): ids in `field` are looked up with one find with $in (limit 100) on `service`. */
export interface Related {
  field: string;
  service: AdminPath;
  /** Where the related record goes on the row (a column can then show `${as}.email`). */
  as: string;
  select?: string[];
  /** The related screen (`/{source}?_id=&editor=` links). */
  source?: string;
}

/** Switches that hide a feature of the table (spec §2). */
export type TableSwitch = 'edit' | 'clone' | 'remove' | 'add' | 'multiSelect' | 'export';

export interface EditorProps {
  /** The record being edited; null for a new one. */
  item: Row | null;
  /** What the form starts from (the record, a clone of one, or the defaults). */
  initial: Record<string, unknown>;
  busy: boolean;
  /** Saves (create for a new item, else a patch: plain fields or $push/$set/$pull); true when it worked. */
  save: (data: Record<string, unknown>) => Promise<boolean>;
  cancel: () => void;
  /** Editors (role) may not change roles or delete. */
  fullAdmin: boolean;
}

export interface TableConfig {
  /** The screen's route ('/admin/users'): edit links and the export's file name. */
  path: string;
  service: AdminPath;
  /** The service's name for the rows ('accounts'), in sentences. */
  columns: Column[];
  searchFields: string[];
  /** Fixed filters of the list. */
  filter?: Record<string, unknown>;
  populate?: string[];
  related?: Related[];
  defaultSort?: Record<string, 1 | -1>;
  /** Keyset paging ($cursor); the total is then taken as 999 (spec §9). */
  cursor?: boolean;
  hide?: Partial<Record<TableSwitch, boolean>>;
  Editor?: ComponentType<EditorProps>;
  /** A new item's starting values. */
  defaults?: () => Record<string, unknown>;
  /** A copy of a record for a new one (clone): default drops _id and times. */
  cloneOf?: (row: Row) => Record<string, unknown>;
  /** Extra buttons per row (verify, disable, …); `reload` refreshes the page after a change. */
  rowActions?: (row: Row, reload: () => void) => ReactNode;
  /** A row's name in confirmations ("Delete x?"). */
  nameOf: (row: Row) => string;
}
