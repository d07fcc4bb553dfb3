// metrics?hash=: the metric definitions and their hash; definitions are left out when the client's hash is
// current (spec §4: a changed hash re-initialises the client's metrics).
import type { Params } from '@feathersjs/feathers';
import { METRICS } from '../../../src/domain/catalogue';
import { METRICS_HASH } from '../../../src/domain/hash';
import type { Application } from '../../declarations';

export class MetricsService {
  async find(params: Params) {
    const hash = params.query?.hash;
    return { hash: METRICS_HASH, data: hash === METRICS_HASH ? null : METRICS };
  }
}

export function metrics(app: Application): void {
  app.use('metrics', new MetricsService(), { methods: ['find'] });
}
