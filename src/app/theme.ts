// Light or dark: the user's background preference; a wall tablet in fullscreen turns dark at night, judged by
// the sun at the station (or the clock when the station has no position).
import { useEffect, useState } from 'react';
import type * as SunCalcModule from 'suncalc';
import { useNow } from '../components/useNow';
import { useDevice, useSelectedDeviceId, useUnits } from '../db/hooks';
import { useUi } from '../state/ui';

type SunCalc = typeof SunCalcModule;

// suncalc loads when a wall display with a position needs it (fullscreen), not with the first screen (issue 21).
let loadedSunCalc: SunCalc | null = null;

function useSunCalc(wanted: boolean): SunCalc | null {
  const [sun, setSun] = useState(loadedSunCalc);
  useEffect(() => {
    if (!wanted || sun) return;
    let alive = true;
    void import('suncalc').then((m) => {
      loadedSunCalc = (m as { default?: SunCalc }).default ?? m;
      if (alive) setSun(loadedSunCalc);
    });
    return () => {
      alive = false;
    };
  }, [wanted, sun]);
  return sun;
}

export function isNight(
  now: Date,
  lat?: number | null,
  lng?: number | null,
  sun: SunCalc | null = loadedSunCalc,
): boolean {
  if (sun && typeof lat === 'number' && typeof lng === 'number') {
    // suncalc 2 answers in degrees: night once the sun is 3° below the horizon.
    return sun.getPosition(now, lat, lng).altitude < -3;
  }
  const h = now.getHours();
  return h < 7 || h >= 19;
}

export function useThemeEffect(): void {
  const prefs = useUnits();
  const fullscreen = useUi((s) => s.fullscreen);
  const device = useDevice(useSelectedDeviceId() ?? null);
  const now = useNow(60_000);
  const located = typeof device?.latitude === 'number' && typeof device?.longitude === 'number';
  const sun = useSunCalc(fullscreen && located);
  // In fullscreen with a position the sun decides: the theme waits the moment suncalc takes to load.
  const waiting = fullscreen && located && !sun;
  const dark =
    (fullscreen && isNight(new Date(now), device?.latitude, device?.longitude, sun)) ||
    prefs?.background === 'dark';
  useEffect(() => {
    if (waiting) return;
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#161b22' : '#ffffff');
    // For the next start's static shell (public/boot-theme.js), painted before the settings are read.
    try {
      localStorage.setItem('theme', dark ? 'dark' : 'light');
    } catch {
      // No storage: the next shell is light.
    }
  }, [dark, waiting]);
}
