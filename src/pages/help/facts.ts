// The facts Help and the FAQ state, each taken from the declaration the app itself runs on (issue 33: "the help
// tells the truth"): a number in a help text is one of these, never typed again, and claims.test.tsx checks the
// rest (the edits that queue offline, the menu names, the paths consoles use) against the code that implements
// them.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LOST_AFTER_S, STALE_AFTER_S } from '../../cards/status';
import { HISTORY_5M_SECONDS, HISTORY_DAILY_SECONDS, MAX_EXPORT_DAYS } from '../../domain';
import { SETTINGS_LIST } from '../../domain/collections';
import { FREE_ACCOUNT } from '../../domain/entitlements';
import { HINT_DAYS, NEIGHBOUR_RADIUS_KM } from '../../domain/neighbours';
import { NETWORK_IDS, NETWORKS, PAUSE_AFTER_REJECTIONS } from '../../domain/networks';
import { DEFAULT_PLANS } from '../../domain/plans';

const DAY = 86400;

export const HELP_FACTS = {
  /** The card's dot turns amber, then red (src/cards/status.ts). */
  staleMinutes: STALE_AFTER_S / 60,
  lostMinutes: LOST_AFTER_S / 60,
  /** Alerts: a sensor without signal, a station without uploads (server/alerts/rules.ts), a pressure drop. */
  alertSilentMinutes: 30,
  baroDropMinutes: 5,
  /** What the browser holds (workers/history.ts prunes to these). */
  fiveMinuteDaysHeld: HISTORY_5M_SECONDS / DAY,
  dailyDaysHeld: HISTORY_DAILY_SECONDS / DAY,
  /** The longest export the server accepts. */
  maxExportDays: MAX_EXPORT_DAYS,
  /** Every account, without a plan. */
  freeHistoryDays: FREE_ACCOUNT.storeDays,
  /** Most stations one paid order covers. */
  maxStationsPerOrder: Math.max(...DEFAULT_PLANS.map((p) => p.maxDevices)),
  /** Rejections of the key in a row before forwarding pauses. */
  pauseAfterRejections: PAUSE_AFTER_REJECTIONS,
  /** Forwarding targets by name (the custom target is said apart). */
  networks: NETWORK_IDS.filter((id) => id !== 'custom')
    .map((id) => NETWORKS[id].name)
    .join(', '),
  /** The neighbour check (src/domain/neighbours.ts): how far, over how many days. */
  neighbourRadiusKm: NEIGHBOUR_RADIUS_KM,
  neighbourDays: HINT_DAYS,
  /** What a console is told to send to (server/ingest/protocols/). */
  wslinkPath: '/data/upload.php',
  wundergroundPath: '/weatherstation/updateweatherstation.php',
  ecowittPath: '/data/report/',
} as const;

/**
 * The drawer menu entries Help names, by path: the same messages as src/app/menu.ts (so the same translation);
 * claims.test.tsx checks the menu has each at that path.
 */
export const MENU_NAMES = {
  '/server': msg`Weather Server`,
  '/devices': msg`Edit Devices`,
  '/alert': msg`Alert Setting`,
  '/export': msg`Data Export`,
  '/shares': msg`Shared with me`,
  '/displaySetting': msg`Unit & Display`,
} satisfies Record<string, MessageDescriptor>;

/**
 * The changes the app saves offline and sends later: each is an edit function of src/db that writes the outbox
 * (claims.test.tsx reads those modules and fails when one is added, removed or renamed without this list).
 */
export const OFFLINE_EDITS: { fn: string; label: MessageDescriptor }[] = [
  // Every per-station settings type of the registry is saved by one function.
  ...SETTINGS_LIST.map((c) => ({ fn: 'saveSettings', label: c.settings.label })),
  { fn: 'saveAlertSettings', label: msg`alert rules` },
  { fn: 'hideAlert', label: msg`hiding an alert` },
  { fn: 'renameChannel', label: msg`channel names` },
  { fn: 'patchDevice', label: msg`a station’s settings and who can see it` },
  { fn: 'deleteDevice', label: msg`deleting a station` },
  { fn: 'saveUnits', label: msg`units` },
  { fn: 'saveProfile', label: msg`your name and country` },
  { fn: 'saveLocale', label: msg`your language` },
  { fn: 'inviteToStation', label: msg`invitations to your stations` },
  { fn: 'answerInvitation', label: msg`answers to invitations` },
  { fn: 'removeInvitation', label: msg`removing an invitation` },
  { fn: 'resetRecords', label: msg`starting records again` },
  { fn: 'queueCorrection', label: msg`corrections of readings` },
  { fn: 'queueUndoCorrection', label: msg`undoing a correction` },
];

/** What needs the server at the time (each goes through the worker straight to the server, never the outbox). */
export const ONLINE_ONLY: { call: string; label: MessageDescriptor }[] = [
  { call: 'addDevice', label: msg`adding a station` },
  { call: 'regenerateStationKey', label: msg`a new station key` },
  { call: 'saveUploadTarget', label: msg`forwarding` },
  { call: 'exportData', label: msg`exports` },
  { call: 'createOrder', label: msg`plans and payments` },
  { call: 'changePassword', label: msg`your password` },
  { call: 'lookupStation', label: msg`opening someone else’s station` },
];
