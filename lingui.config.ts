import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// Nine catalogs (spec §1). English is the source; the others must stay complete (checked by a test).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'it', 'es', 'nl', 'cs', 'zh-Hant', 'zh-Hans'],
  catalogs: [{ path: '<rootDir>/locales/{locale}', include: ['src'], exclude: ['**/*.test.*'] }],
  format: formatter({ lineNumbers: false }),
});
