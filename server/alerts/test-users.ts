// Test helper: a signed-up, verified and logged-in user without going through users/verify (which allows only
// 10 attempts per IP per server, fewer than the users these suites need).
import { call, type TestServer } from '../testing/server';

let counter = 0;

export async function quickUser(t: TestServer, name = `alertuser${++counter}`) {
  const email = `${name}-${Date.now()}-${counter}@example.com`.toLowerCase();
  const password = 'correct horse battery';
  const created = await call(t.url, 'POST', '/users', {
    body: { email, password, termsAccepted: true, firstName: name },
  });
  if (created.status !== 201) throw new Error(`signup failed: ${JSON.stringify(created.body)}`);
  await t.server.app.ctx.storage.knex('users').where({ email }).update({ verified: true });
  const auth = await call(t.url, 'POST', '/authentication', { body: { strategy: 'local', email, password } });
  if (auth.status !== 201) throw new Error(`login failed: ${JSON.stringify(auth.body)}`);
  return { email, password, token: auth.body.accessToken as string, user: auth.body.user as { _id: string } };
}
