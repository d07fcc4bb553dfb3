// Registers the series services. `weatherMetrics` and `weatherMetrics/5m` also carry the live `created`
// events (published to the device's channel only, see realtime/channels).
import type { Application } from '../../declarations';
import { optionalAuth } from '../../hooks/auth';
import {
  BatchLastDataService,
  FiveMinuteService,
  QueryGroupService,
  QueryService,
  SamplesService,
} from './series.class';

export function weatherMetrics(app: Application): void {
  const find = { methods: ['find' as const] };
  app.use('weatherMetrics', new SamplesService(app), find);
  app.use('weatherMetrics/5m', new FiveMinuteService(app), find);
  app.use('weatherMetrics/query', new QueryService(app), find);
  app.use('weatherMetrics/queryGroup', new QueryGroupService(app), find);
  app.use('weatherMetrics/batchLastData', new BatchLastDataService(app), find);
  for (const path of [
    'weatherMetrics',
    'weatherMetrics/5m',
    'weatherMetrics/query',
    'weatherMetrics/queryGroup',
    'weatherMetrics/batchLastData',
  ] as const) {
    app.service(path).hooks({ before: { find: [optionalAuth] } });
  }
}
