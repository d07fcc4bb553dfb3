// The default forecast (issue 22): Open-Meteo when the server can reach it (no key needed), else the station's
// own barometric (Zambretti) forecast, each table saying which (`source`). A station without a location gets
// the local one at once; after Open-Meteo fails it is not asked again for a while, so a server without
// internet does not wait on every refresh.
import type { Forecast, ForecastProvider, ForecastSite } from './types';

export class AutoProvider implements ForecastProvider {
  readonly name = 'auto';
  /** Unix s before which Open-Meteo is not tried again. */
  private downUntil = 0;

  constructor(
    private online: ForecastProvider,
    private local: ForecastProvider,
    private retryAfterS = 600,
    private onFailure: (e: unknown) => void = () => {},
  ) {}

  async forecast(site: ForecastSite, now: number): Promise<Forecast> {
    if (site.latitude !== null && site.longitude !== null && now >= this.downUntil) {
      try {
        return await this.online.forecast(site, now);
      } catch (e) {
        this.downUntil = now + this.retryAfterS;
        this.onFailure(e);
      }
    }
    return this.local.forecast(site, now);
  }
}
