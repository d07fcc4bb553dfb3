// The portal's version (package.json, semver; CHANGELOG.md says what each one brought): printed at start,
// answered in GET /config and /healthz, and written into backups.
import { readFileSync } from 'node:fs';

export const VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;
