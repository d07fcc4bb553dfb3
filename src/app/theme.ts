// Light or dark: the user's background preference; a wall tablet in fullscreen turns dark at night, judged by
// the sun at the station (or the clock when the station has no position).
import { useEffect } from 'react';
import * as SunCalc from 'suncalc';
import { useNow } from '../components/useNow';
import { useDevice, useSelectedDeviceId, useUnits } from '../db/hooks';
import { useUi } from '../state/ui';

export function isNight(now: Date, lat?: number | null, lng?: number | null): boolean {
  if (typeof lat === 'number' && typeof lng === 'number') {
    // suncalc 2 answers in degrees: night once the sun is 3° below the horizon.
    return SunCalc.getPosition(now, lat, lng).altitude < -3;
  }
  const h = now.getHours();
  return h < 7 || h >= 19;
}

export function useThemeEffect(): void {
  const prefs = useUnits();
  const fullscreen = useUi((s) => s.fullscreen);
  const device = useDevice(useSelectedDeviceId() ?? null);
  const now = useNow(60_000);
  const dark =
    (fullscreen && isNight(new Date(now), device?.latitude, device?.longitude)) ||
    prefs?.background === 'dark';
  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#161b22' : '#ffffff');
    // For the next start's static shell (public/boot-theme.js), painted before the settings are read.
    try {
      localStorage.setItem('theme', dark ? 'dark' : 'light');
    } catch {
      // No storage: the next shell is light.
    }
  }, [dark]);
}
