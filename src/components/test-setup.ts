// Shared set-up for component tests: English active (source messages), DOM cleaned between tests.
import { i18n } from '@lingui/core';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { markShellMounted } from './firstPaint';

i18n.loadAndActivate({ locale: 'en', messages: {} });
afterEach(() => cleanup());
// A component rendered alone has no shell to wait for: its worker calls go at once (components/firstPaint.ts).
markShellMounted();
// The first render of a lazy route imports its page; with the whole suite running on 2 cores that took over
// the default 1 s, and once 7.5 s (a flaky failure), so waits allow 15 s. A missing element still fails, 15 s later.
configure({ asyncUtilTimeout: 15_000 });
