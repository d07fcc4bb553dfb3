// The set-up rows' names (English on the wire, src/domain/uploadSetup.ts) in words of the user's language: the
// Weather Server page and the console set-up of Help and "Add station" show every protocol's rows through this.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SetupRowName } from '../domain/uploadSetup';

const WORDS: Record<SetupRowName, MessageDescriptor> = {
  Server: msg`Server`,
  Port: msg`Port`,
  Path: msg`Path`,
  'Station ID': msg`Station ID`,
  'Station key': msg`Station key`,
  Protocol: msg`Protocol`,
  'Server IP / Hostname': msg`Server IP / Hostname`,
  'Upload interval': msg`Upload interval (seconds)`,
  'Server URL': msg`Server URL`,
  'Site ID': msg`Site ID`,
  'Authentication key': msg`Site authentication key`,
  'Weathercloud ID': msg`Weathercloud ID`,
  'Weathercloud key': msg`Weathercloud key`,
  'API key': msg`API key`,
};

/** A row's name as the user reads it (a name the client does not know, from a newer server: as sent). */
export function setupRowName(i18n: I18n, name: string): string {
  const words = WORDS[name as SetupRowName];
  return words ? i18n._(words) : name;
}
