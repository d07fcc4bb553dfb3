// The words of a raised alert: the condition line (the alert list and the push body), and the e-mail around it.
// `{item}`/`{sensor}` come from ./metrics.ts, values are already formatted in the rule's unit.
import type { Words } from './types';

export const ALERT_WORDS = {
  above: /*i18n*/ { id: 'alert.above', message: '{item} above {threshold}: {value}' },
  overOrEqual: /*i18n*/ { id: 'alert.overOrEqual', message: '{item} at or above {threshold}: {value}' },
  below: /*i18n*/ { id: 'alert.below', message: '{item} below {threshold}: {value}' },
  dropped: /*i18n*/ { id: 'alert.dropped', message: '{item} dropped {drop} within 5 minutes (now {value})' },
  lostLink: /*i18n*/ {
    id: 'alert.lostLink',
    message: 'Lost link to {sensor} for {minutes, plural, one {# minute} other {# minutes}}',
  },
  noData: /*i18n*/ {
    id: 'alert.noData',
    message: 'No data uploaded for {minutes, plural, one {# minute} other {# minutes}} (last upload {time})',
  },
  title: /*i18n*/ { id: 'alert.title', message: '{station}: alert' },
  subject: /*i18n*/ { id: 'alert.subject', message: '[{station}] {what}' },
  body: /*i18n*/ {
    id: 'alert.body',
    message:
      'Station: {station}\nAlert: {what}\nTime: {time}\n\nOpen the dashboard: {link}\n\nYou receive this because of the alert settings of this station. Change them on the Alert Setting page: {settings}',
  },
} satisfies Record<string, Words>;
