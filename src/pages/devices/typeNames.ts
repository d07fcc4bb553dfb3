// Device type names (domain DEVICE_TYPES ids 0..13) in the user's language.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { deviceType } from '../../domain';

const NAMES: MessageDescriptor[] = [
  msg`TFT weather station`,
  msg`7-in-1 weather station`,
  msg`Multi-day forecast station`,
  msg`Tuya smart station`,
  msg`4-day forecast station`,
  msg`24H 10-day forecast station`,
  msg`HD TFT weather station`,
  msg`Air quality monitor`,
  msg`Air quality monitor (4 PM channels)`,
  msg`Weather station gateway`,
  msg`WBGT heat stress monitor`,
  msg`Dashboard display`,
  msg`Air quality monitor pro`,
  msg`Professional weather station`,
];

export function typeName(id: number | null | undefined): string {
  const t = deviceType(id);
  const d = NAMES[t.id];
  return d ? i18n._(d) : t.name;
}
