// The default provider: the Zambretti forecast from the station's own 5-minute and daily buckets.
import type { SampleStore } from '../storage/samples';
import type { Forecast, ForecastProvider, ForecastSite } from './types';
import { withSource } from './types';
import { localForecast } from './zambretti';

export class LocalProvider implements ForecastProvider {
  readonly name = 'local';
  constructor(private samples: SampleStore) {}

  async forecast(site: ForecastSite, now: number): Promise<Forecast> {
    const fiveMinute = await this.samples.buckets('buckets5m', site._id, now - 27 * 3600, now + 300);
    const daily = await this.samples.buckets('buckets1d', site._id, now - 4 * 86400, now + 86400);
    return withSource(
      localForecast({ now, timezone: site.timezone, latitude: site.latitude, fiveMinute, daily }),
      'local',
    );
  }
}
