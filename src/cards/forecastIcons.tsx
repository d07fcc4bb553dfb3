// The forecast's weather summaries (server/forecast/types.ts Summary) as icons and words.
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import {
  Cloud,
  CloudDrizzle,
  CloudFog,
  CloudLightning,
  CloudRain,
  CloudSnow,
  CloudSun,
  type LucideIcon,
  Sun,
} from 'lucide-react';
import styles from './ForecastCard.module.css';

const SUMMARY: Record<string, { icon: LucideIcon; label: MessageDescriptor }> = {
  sunny: { icon: Sun, label: msg`Sunny` },
  partlyCloudy: { icon: CloudSun, label: msg`Partly cloudy` },
  cloudy: { icon: Cloud, label: msg`Cloudy` },
  fog: { icon: CloudFog, label: msg`Fog` },
  unsettled: { icon: CloudDrizzle, label: msg`Unsettled` },
  rain: { icon: CloudRain, label: msg({ message: 'Rain', context: 'forecast condition' }) },
  snow: { icon: CloudSnow, label: msg`Snow` },
  storm: { icon: CloudLightning, label: msg`Storm` },
};

/** The summary in words, or null when unknown. */
export function summaryLabel(summary: unknown): string | null {
  const s = SUMMARY[String(summary)];
  return s ? i18n._(s.label) : null;
}

export function ForecastIcon({ summary, size }: { summary: unknown; size: number }) {
  useLingui();
  const s = SUMMARY[String(summary)];
  if (!s) return <span className={styles.noIcon} style={{ width: size, height: size }} />;
  const I = s.icon;
  return <I size={size} className={styles.icon} role="img" aria-label={i18n._(s.label)} />;
}
