// A JWT for a user straight from the server's authentication service (benchmarks skip the password step).
import type { Server } from '../server/app';

export async function signJwt(server: Server, userId: string): Promise<string> {
  const auth = server.app.service('authentication') as unknown as {
    createAccessToken(payload: object, options: object): Promise<string>;
  };
  return auth.createAccessToken({}, { subject: userId });
}
