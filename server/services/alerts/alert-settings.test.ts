// alertSettings over REST: one record per user and station, clear 400s with the spec's messages.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { quickUser } from '../../alerts/test-users';
import { call, newStation, startServer, type TestServer } from '../../testing/server';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const rule = { item: 'tempc0', condition: 'above', value: 30, unit: 'C', method: 'email' };
/** Each stored rule gets an id (settings.<_id> addresses it in a patch). */
const withId = (r: object) => ({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...r });

describe('alertSettings', () => {
  test('create, find (list and paginated), patch; a second create updates the same record', async () => {
    const owner = await quickUser(t);
    const station = await newStation(t, owner.token);
    const empty = await call(t.url, 'GET', `/alertSettings?weatherDevice=${station._id}&$paginate=false`, {
      token: owner.token,
    });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    const created = await call(t.url, 'POST', '/alertSettings', {
      token: owner.token,
      body: { weatherDevice: station._id, settings: [rule, { item: 'lostData', method: 'notification' }] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      weatherDevice: station._id,
      settings: [withId(rule), withId({ item: 'lostData', method: 'notification' })],
      disableAll: false,
    });
    const list = await call(t.url, 'GET', `/alertSettings?weatherDevice=${station._id}&$paginate=false`, {
      token: owner.token,
    });
    expect(list.body).toEqual([created.body]);
    const page = await call(t.url, 'GET', `/alertSettings?weatherDevice=${station._id}`, {
      token: owner.token,
    });
    expect(page.body).toMatchObject({ total: 1, data: [created.body] });

    const patched = await call(t.url, 'PATCH', `/alertSettings/${created.body._id}`, {
      token: owner.token,
      body: { weatherDevice: station._id, disableAll: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ disableAll: true, settings: created.body.settings });
    const again = await call(t.url, 'POST', '/alertSettings', {
      token: owner.token,
      body: { weatherDevice: station._id, settings: [], disableAll: false },
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({
      _id: created.body._id,
      weatherDevice: station._id,
      settings: [],
      disableAll: false,
    });
  });

  test('bad input is a 400 with a clear message', async () => {
    const owner = await quickUser(t);
    const station = await newStation(t, owner.token);
    const post = (body: unknown) => call(t.url, 'POST', '/alertSettings', { token: owner.token, body });
    const cases: [unknown, string][] = [
      [{ settings: [] }, 'weatherDevice is required'],
      [{ weatherDevice: 'x', settings: [] }, 'device holds an invalid id'],
      [{ weatherDevice: station._id, settings: 'all' }, 'settings must be a list of alert rules'],
      [{ weatherDevice: station._id, settings: [{ ...rule, value: 61 }] }, 'Wrong input range'],
      [{ weatherDevice: station._id, settings: [{ ...rule, value: 'warm' }] }, 'Wrong input'],
      [
        { weatherDevice: station._id, settings: [{ ...rule, item: 'sunshine' }] },
        'Unknown alert item: sunshine',
      ],
      [
        { weatherDevice: station._id, settings: [{ item: 'lostLink', condition: 'above', method: 'email' }] },
        'lostLink alerts take no condition',
      ],
      [{ weatherDevice: station._id, settings: [], disableAll: 'maybe' }, 'disableAll must be true or false'],
      [{ weatherDevice: station._id, settings: [], colour: 'red' }, 'colour cannot be set'],
      [[1, 2], 'The body must be an object'],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const created = await post({ weatherDevice: station._id, settings: [rule] });
    const res = await call(t.url, 'PATCH', `/alertSettings/${created.body._id}`, {
      token: owner.token,
      body: { weatherDevice: 'a'.repeat(24) },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('weatherDevice cannot be changed');
    const bad = await call(t.url, 'PATCH', `/alertSettings/${created.body._id}`, {
      token: owner.token,
      body: { settings: [{ ...rule, value: -41 }] },
    });
    expect(bad.body.message).toBe('Wrong input range');
  });

  test('patch rules with $push, $set on one rule by _id and $pull; the rule checks still apply', async () => {
    const owner = await quickUser(t);
    const station = await newStation(t, owner.token);
    const made = await call(t.url, 'POST', '/alertSettings', {
      token: owner.token,
      body: { weatherDevice: station._id, settings: [rule] },
    });
    const [first] = made.body.settings;
    const patch = (body: unknown) =>
      call(t.url, 'PATCH', `/alertSettings/${made.body._id}`, { token: owner.token, body });
    const lost = { item: 'lostData', method: 'notification' };
    const pushed = await patch({ $push: { settings: lost } });
    expect(pushed.status).toBe(200);
    expect(pushed.body.settings).toEqual([first, withId(lost)]);
    const second = pushed.body.settings[1];
    const set = await patch({ $set: { [`settings.${first._id}.value`]: 35 } });
    expect(set.body.settings).toEqual([{ ...first, value: 35 }, second]);
    const pulled = await patch({ $pull: { settings: { _id: second._id } }, disableAll: true });
    expect(pulled.body).toMatchObject({ settings: [{ ...first, value: 35 }], disableAll: true });
    // A rule sent whole with its id keeps it; one sent again without it keeps it too (same content).
    const resent = await patch({ settings: [{ ...rule, value: 35 }] });
    expect(resent.body.settings).toEqual([{ ...first, value: 35 }]);

    const cases: [unknown, string][] = [
      [{ $push: { settings: { ...rule, value: 61 } } }, 'Wrong input range'],
      [{ $set: { [`settings.${first._id}.value`]: -41 } }, 'Wrong input range'],
      [{ $set: { [`settings.${first._id}.item`]: 'sunshine' } }, 'Unknown alert item: sunshine'],
      [
        { $push: { settings: { item: 'lostLink', condition: 'above', method: 'email' } } },
        'lostLink alerts take no condition',
      ],
      [
        { $set: { 'settings.0123456789abcdef01234567.value': 1 } },
        'settings has no item with _id 0123456789abcdef01234567',
      ],
      [{ $push: { disableAll: true } }, 'disableAll cannot be changed with $push'],
      [
        { settings: [], $pull: { settings: { item: 'tempc0' } } },
        'settings is both sent whole and changed with $pull',
      ],
      [{ $inc: { value: 1 } }, 'Unknown patch operator $inc'],
      [{ settings: [{ ...rule, _id: 'r1' }] }, 'Alert rule 1 has an invalid _id'],
      [
        {
          settings: [
            { ...rule, _id: first._id },
            { ...lost, _id: first._id },
          ],
        },
        `Alert rule _id ${first._id} is used twice`,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    const after = await call(t.url, 'GET', `/alertSettings/${made.body._id}`, { token: owner.token });
    expect(after.body.settings).toEqual([{ ...first, value: 35 }]);
  });

  test('strangers get 404, public viewers 403, anonymous 401; others cannot read or patch a record', async () => {
    const owner = await quickUser(t);
    const stranger = await quickUser(t);
    const station = await newStation(t, owner.token);
    const open = await newStation(t, owner.token, { shareMode: 'public' });
    const body = { weatherDevice: station._id, settings: [rule] };
    expect((await call(t.url, 'POST', '/alertSettings', { body })).status).toBe(401);
    expect((await call(t.url, 'POST', '/alertSettings', { token: stranger.token, body })).status).toBe(404);
    const pub = await call(t.url, 'POST', '/alertSettings', {
      token: stranger.token,
      body: { ...body, weatherDevice: open._id },
    });
    expect(pub.status).toBe(403);
    const mine = await call(t.url, 'POST', '/alertSettings', { token: owner.token, body });
    const peek = await call(t.url, 'PATCH', `/alertSettings/${mine.body._id}`, {
      token: stranger.token,
      body: { disableAll: true },
    });
    expect(peek.status).toBe(404);
    expect(
      (await call(t.url, 'GET', `/alertSettings/${mine.body._id}`, { token: stranger.token })).status,
    ).toBe(404);
  });
});
