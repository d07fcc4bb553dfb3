// Words for the import's formats and states (translated where they are shown).

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ImportFormat, ImportStatus } from '../../domain/imports';

/** Program names stay as their makers spell them. */
export const FORMAT_NAMES: Record<ImportFormat, string> = {
  weewx: 'WeeWX',
  'cumulus-log': 'CumulusMX',
  'cumulus-dayfile': 'CumulusMX dayfile.txt',
  ecowitt: 'Ecowitt',
  wunderground: 'Weather Underground',
  csv: 'CSV',
  'ecowitt-cloud': 'Ecowitt.net',
  'wunderground-cloud': 'Weather Underground',
  'ambient-cloud': 'Ambient Weather',
  'weatherlink-cloud': 'WeatherLink',
};

export const STATUS_NAMES: Record<ImportStatus, MessageDescriptor> = {
  running: msg`Importing`,
  cancelled: msg`Stopped`,
  failed: msg`Failed`,
  done: msg`Imported`,
  rolledBack: msg`Undone`,
};
