// authentication (local, jwt), users (sign-up, me, related names), users/verify, downloadTokens, and metrics
// (definitions + hash).
import { http } from 'msw';
import { METRICS } from '../../src/domain/catalogue';
import type { User } from '../../src/domain/contract';
import { METRICS_HASH } from '../../src/domain/hash';
import { isValidEmail, validatePassword } from '../../src/domain/validate';
import { required } from '../access';
import { type MockDb, newCode, objectId, type UserRow } from '../db';
import { answer, badRequest, codedError, notAuthenticated } from '../errors';
import { listAnswer } from '../list';
import type { Query } from '../query';
import { bodyOf, created, json, queryOf } from '../respond';
import { asObject, bool, idList, str } from '../validate';

/** The users someone is related to through stations (server/services/users/users-list.ts): themself, whom they
 * shared a station with, and the owners of stations shared with them. */
function relatedUsers(db: MockDb, me: UserRow): UserRow[] {
  const ids = new Set([me._id]);
  for (const d of db.devices.values()) {
    if (d.user === me._id) for (const id of d.shareUsers) ids.add(id);
    else if (d.shareUsers.includes(me._id)) ids.add(d.user);
  }
  return [...ids].flatMap((id) => db.users.get(id) ?? []);
}

/**
 * users find: no parameter → [me]; otherwise a list (the related-names call of spec §7: `_id[$in]` with $limit).
 * Admins see every account, newest first; others their related users by e-mail, by name only but themself.
 */
function listUsers(db: MockDb, me: UserRow, query: Query) {
  if (Object.keys(query).length === 0) return json([presentUser(me)]);
  const filter = query._id;
  let ids: Set<string> | null = null;
  if (filter !== undefined) {
    if (typeof filter !== 'object' || Array.isArray(filter) || Object.keys(filter).some((k) => k !== '$in'))
      throw badRequest('_id other than _id[$in] is not implemented by the mocks');
    ids = new Set(idList(filter.$in, '_id[$in]'));
  }
  const rows = (me.isAdmin ? [...db.users.values()] : relatedUsers(db, me))
    .filter((u) => !ids || ids.has(u._id))
    .sort((a, b) =>
      me.isAdmin ? (b.createdAt ?? '').localeCompare(a.createdAt ?? '') : a.email.localeCompare(b.email),
    )
    .map((u) =>
      me.isAdmin || u._id === me._id
        ? presentUser(u)
        : { _id: u._id, email: u.email, firstName: u.firstName ?? '', lastName: u.lastName ?? '' },
    );
  return listAnswer(query, rows, ['_id']);
}

export function presentUser(row: UserRow): User {
  const { password: _p, verifyCode: _c, ...user } = row;
  return user;
}

/** The authentication answer; the jwt strategy hands the same token back (with it in `authentication`). */
function signIn(db: MockDb, user: UserRow, strategy: 'local' | 'jwt', token?: string) {
  const accessToken = token ?? db.issueToken(user._id);
  const iat = Math.floor(Date.now() / 1000);
  const payload = { iat, exp: iat + 30 * 86400, aud: 'weather-portal', sub: user._id };
  return {
    accessToken,
    authentication: strategy === 'jwt' ? { strategy, accessToken, payload } : { strategy, payload },
    user: presentUser(user),
  };
}

export function accountRoutes(base: string, db: MockDb) {
  return [
    http.post(`${base}/authentication`, ({ request }) =>
      answer(async () => {
        const data = asObject(await bodyOf(request));
        if (data.strategy === 'jwt') {
          const token = String(data.accessToken);
          const user = db.users.get(db.tokens.get(token) ?? '');
          if (!user) throw notAuthenticated('jwt malformed', { name: 'JsonWebTokenError' });
          return created(signIn(db, user, 'jwt', token));
        }
        if (data.strategy !== 'local')
          throw notAuthenticated(
            'Invalid authentication information (strategy not allowed in authStrategies)',
          );
        const email = typeof data.email === 'string' ? data.email.trim().toLowerCase() : '';
        const user = db.userByEmail(email);
        if (!user || user.password !== data.password) throw codedError(401, 'wrongLogin');
        // Only the right password learns that the account is disabled (issue #15).
        if (user.disabled) throw codedError(401, 'accountDisabled');
        return created(signIn(db, user, 'local'));
      }),
    ),
    http.post(`${base}/users/verify`, ({ request }) =>
      answer(async () => {
        const data = asObject(await bodyOf(request));
        const email = str(data, 'email', { required: true, max: 254 })!.toLowerCase();
        const user = db.userByEmail(email);
        if (bool(data, 'resend')) {
          if (user && !user.verified) {
            user.verifyCode = newCode();
            db.mail.push({ to: email, subject: `Your verification code: ${user.verifyCode}` });
          }
          return created({ sent: true });
        }
        const code = str(data, 'code', { required: true, max: 12 })!;
        // As the server: unknown, verified and wrong code answer alike; the code is kept for a second click.
        if (!user?.verifyCode || user.verifyCode !== code) throw codedError(400, 'verificationCodeWrong');
        user.verified = true;
        return created({ verified: true });
      }),
    ),
    http.post(`${base}/users`, ({ request }) =>
      answer(async () => {
        const data = asObject(await bodyOf(request));
        const email = str(data, 'email', { required: true, max: 254 })!.toLowerCase();
        if (!isValidEmail(email)) throw codedError(400, 'emailFormat', { field: 'email' });
        const password = typeof data.password === 'string' ? data.password : '';
        const pwError = validatePassword(password);
        if (pwError) throw codedError(400, pwError, { field: 'password' });
        if (bool(data, 'termsAccepted') !== true)
          throw codedError(400, 'acceptTerms', { field: 'termsAccepted' });
        const taken = db.userByEmail(email);
        const code = newCode();
        const now = Date.now();
        const user: UserRow = {
          _id: objectId(now),
          email,
          verified: false,
          firstName: str(data, 'firstName', { max: 100 }) ?? '',
          lastName: str(data, 'lastName', { max: 100 }) ?? '',
          temperatureUnit: 'C',
          displaySetting: {},
          createdAt: new Date(now).toISOString(),
          password,
          verifyCode: code,
        };
        // A taken address answers like a new one; its owner is told by mail (server: users.class.ts).
        if (taken) db.mail.push({ to: email, subject: 'Someone tried to sign up with your address' });
        else {
          db.users.set(user._id, user);
          db.mail.push({ to: email, subject: `Your verification code: ${code}` });
        }
        const { password: _p, verifyCode: _c, ...answerRow } = user;
        return created(answerRow);
      }),
    ),
    // A one-minute token for one download link (server/auth/download-token.ts).
    http.post(`${base}/downloadTokens`, ({ request }) =>
      answer(async () => {
        const me = required(db, request);
        const path = str(asObject(await bodyOf(request)), 'path', { required: true, max: 100 })!;
        if (path.replace(/^\/+/, '') !== 'weatherMetrics/export')
          throw badRequest('path must be one of weatherMetrics/export', { field: 'path' });
        return created({
          token: `download-${me._id}-${objectId(Date.now())}`,
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        });
      }),
    ),
    http.get(`${base}/users`, ({ request }) =>
      answer(() => listUsers(db, required(db, request), queryOf(request))),
    ),
    http.get(`${base}/metrics`, ({ request }) =>
      answer(() => {
        // No auth hook on the real service: anyone may read the catalogue.
        const hash = queryOf(request).hash;
        return json({ hash: METRICS_HASH, data: hash === METRICS_HASH ? null : METRICS });
      }),
    ),
  ];
}
