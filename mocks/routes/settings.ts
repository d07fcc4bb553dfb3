// deviceDisplaySettings (find → stored or the type's default; create; patch), alertSettings (find, get,
// create-or-update, patch), alerts (active, newest first) and alerts/hide. All need a token.
import { http } from 'msw';
import type { DisplaySettings } from '../../src/domain/contract';
import { defaultDisplaySettings } from '../../src/domain/deviceTypes';
import { displaySettingsRules } from '../../src/domain/displaySettingsInput';
import { readable, relation, required } from '../access';
import type { AlertRule, AlertSettingsRow, DisplaySettingsRow, MockDb, UserRow } from '../db';
import { objectId } from '../db';
import { answer, badRequest, conflict, forbidden, notFound } from '../errors';
import { bodyOf, created, json, queryOf } from '../respond';
import { asObject, bool, idList, readers, unpaginated } from '../validate';

const RULE_FIELDS = ['item', 'condition', 'value', 'unit', 'method', 'sensor', 'trigger'];
const displayFields = displaySettingsRules(readers);

/**
 * The shape checks of server/alerts/rules.ts parseRules (not the per-metric bounds), and the rule ids of
 * server/services/common/item-ids.ts: a given `_id` stays, a rule without one takes the id of an unclaimed
 * earlier rule with the same content, else a new one.
 */
function rules(input: unknown, previous: AlertRule[] = []): AlertRule[] {
  if (!Array.isArray(input))
    throw badRequest('settings must be a list of alert rules', { field: 'settings' });
  const given = input.map((raw) =>
    raw && typeof raw === 'object' ? (raw as { _id?: unknown })._id : undefined,
  );
  const spare = previous.filter((p) => !given.includes(p._id));
  return input.map((raw, i) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw))
      throw badRequest(`Alert rule ${i + 1} must be an object`, { field: 'settings' });
    const { _id: id, ...r } = raw as Record<string, unknown>;
    for (const k of Object.keys(r))
      if (!RULE_FIELDS.includes(k))
        throw badRequest(`${k} cannot be set on an alert rule`, { field: 'settings' });
    if (typeof r.item !== 'string' || r.item === '')
      throw badRequest('Alert item is required', { field: 'settings' });
    if (r.method !== 'email' && r.method !== 'notification')
      throw badRequest("Alert method must be 'email' or 'notification'", { field: 'settings' });
    if (id !== undefined && (typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id)))
      throw badRequest(`Alert rule ${i + 1} has an invalid _id`, { field: 'settings' });
    const rule: Omit<AlertRule, '_id'> = { item: r.item, method: r.method };
    for (const k of ['condition', 'value', 'unit', 'sensor', 'trigger'] as const)
      if (r[k] !== undefined && r[k] !== null && r[k] !== '') Object.assign(rule, { [k]: r[k] });
    const same = spare.findIndex(({ _id, ...p }) => JSON.stringify(p) === JSON.stringify(rule));
    const _id = (id as string | undefined) ?? (same >= 0 ? spare.splice(same, 1)[0]._id : objectId());
    return { _id, ...rule };
  });
}

const presentDisplay = ({ user: _u, ...s }: DisplaySettingsRow): DisplaySettings => s;
const presentAlertSettings = ({ user: _u, ...s }: AlertSettingsRow) => s;

function settable(db: MockDb, id: unknown, user: UserRow) {
  if (id === undefined || id === null || id === '')
    throw badRequest('weatherDevice is required', { field: 'weatherDevice' });
  const device = readable(db, id, user);
  const r = relation(device, user);
  if (r !== 'owner' && r !== 'shared') throw forbidden('Only the owner and shared users can set alerts');
  return device;
}

function checkAlertFields(input: unknown) {
  const data = asObject(input);
  for (const key of Object.keys(data))
    if (!['_id', 'weatherDevice', 'settings', 'disableAll'].includes(key))
      throw badRequest(`${key} cannot be set`);
  return data;
}

export function settingsRoutes(base: string, db: MockDb) {
  const ownAlertSettings = (id: unknown, user: UserRow) => {
    const [settingsId] = idList([id], 'id');
    const row = db.alertSettings.find((s) => s._id === settingsId && s.user === user._id);
    if (!row) throw notFound('Alert settings not found');
    return row;
  };
  return [
    http.get(`${base}/deviceDisplaySettings`, ({ request }) =>
      answer(() => {
        const user = required(db, request);
        const query = queryOf(request);
        const device = readable(db, query.weatherDevice, user, 'weatherDevice');
        const row = db.displaySettings.find((s) => s.weatherDevice === device._id && s.user === user._id);
        const data = [row ? presentDisplay(row) : defaultDisplaySettings(device.consoletype, device._id)];
        return json(unpaginated(query) ? data : { total: 1, limit: 1, skip: 0, data });
      }),
    ),
    http.post(`${base}/deviceDisplaySettings`, ({ request }) =>
      answer(async () => {
        const user = required(db, request);
        const data = asObject(await bodyOf(request));
        const device = readable(db, data.weatherDevice, user, 'weatherDevice');
        if (db.displaySettings.some((s) => s.weatherDevice === device._id && s.user === user._id))
          throw conflict('Display settings for this station exist already; patch them');
        const row = {
          _id: objectId(),
          weatherDevice: device._id,
          user: user._id,
          ...displayFields(data, true),
        } as DisplaySettingsRow;
        db.displaySettings.push(row);
        return created(presentDisplay(row));
      }),
    ),
    http.patch(`${base}/deviceDisplaySettings/:id`, ({ request, params }) =>
      answer(async () => {
        const user = required(db, request);
        const [id] = idList([params.id], 'id');
        const row = db.displaySettings.find((s) => s._id === id && s.user === user._id);
        if (!row) throw notFound('Display settings not found');
        const { weatherDevice: _w, _id: _i, ...rest } = asObject(await bodyOf(request));
        Object.assign(row, displayFields(rest, false));
        return json(presentDisplay(row));
      }),
    ),
    http.get(`${base}/alertSettings`, ({ request }) =>
      answer(() => {
        const user = required(db, request);
        const query = queryOf(request);
        if (query.weatherDevice === undefined || query.weatherDevice === '')
          throw badRequest('weatherDevice is required', { field: 'weatherDevice' });
        const device = readable(db, query.weatherDevice, user);
        const row = db.alertSettings.find((s) => s.weatherDevice === device._id && s.user === user._id);
        const data = row ? [presentAlertSettings(row)] : [];
        return json(unpaginated(query) ? data : { total: data.length, limit: 1, skip: 0, data });
      }),
    ),
    http.get(`${base}/alertSettings/:id`, ({ request, params }) =>
      answer(() => json(presentAlertSettings(ownAlertSettings(params.id, required(db, request))))),
    ),
    http.post(`${base}/alertSettings`, ({ request }) =>
      answer(async () => {
        const user = required(db, request);
        const data = checkAlertFields(await bodyOf(request));
        const device = settable(db, data.weatherDevice, user);
        let row = db.alertSettings.find((s) => s.weatherDevice === device._id && s.user === user._id);
        const settings = rules(data.settings ?? [], row?.settings);
        const disableAll = bool(data, 'disableAll') ?? false;
        if (row) Object.assign(row, { settings, disableAll });
        else {
          row = { _id: objectId(), weatherDevice: device._id, user: user._id, settings, disableAll };
          db.alertSettings.push(row);
        }
        return created(presentAlertSettings(row));
      }),
    ),
    http.patch(`${base}/alertSettings/:id`, ({ request, params }) =>
      answer(async () => {
        const user = required(db, request);
        const row = ownAlertSettings(params.id, user);
        const data = checkAlertFields(await bodyOf(request));
        if (data.weatherDevice !== undefined && data.weatherDevice !== row.weatherDevice)
          throw badRequest('weatherDevice cannot be changed', { field: 'weatherDevice' });
        settable(db, row.weatherDevice, user);
        if (data.settings !== undefined) row.settings = rules(data.settings, row.settings);
        const disableAll = bool(data, 'disableAll');
        if (disableAll !== undefined) row.disableAll = disableAll;
        return json(presentAlertSettings(row));
      }),
    ),
    http.get(`${base}/alerts/hide`, ({ request }) =>
      answer(() => {
        const user = required(db, request);
        const query = queryOf(request);
        if (query.device === undefined || query.device === '')
          throw badRequest('device is required', { field: 'device' });
        const device = readable(db, query.device, user);
        if (query.id === undefined || query.id === '') throw badRequest('id is required', { field: 'id' });
        const [id] = idList([query.id], 'id');
        const row = db.alerts.find((a) => a._id === id && a.device === device._id && a.user === user._id);
        if (!row) throw notFound('Alert not found');
        if (row.status === 'active') row.status = 'hidden';
        return json({ ...row });
      }),
    ),
    http.get(`${base}/alerts`, ({ request }) =>
      answer(() => {
        const user = required(db, request);
        const query = queryOf(request);
        if (query.device === undefined || query.device === '')
          throw badRequest('device is required', { field: 'device' });
        const device = readable(db, query.device, user);
        const data = db.alerts
          .filter((a) => a.device === device._id && a.user === user._id && a.status === 'active')
          .sort((a, b) => b.lastTrigger - a.lastTrigger)
          .slice(0, 100)
          .map((a) => ({ ...a }));
        return json(unpaginated(query) ? data : { total: data.length, limit: 100, skip: 0, data });
      }),
    ),
  ];
}
