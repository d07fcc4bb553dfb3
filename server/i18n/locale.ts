// Which language to write to someone in. A request says it with the app's `lang` cookie (src/i18n/cookie.ts) or
// the browser's Accept-Language; a user has the language their app last used (users.locale), learnt at each
// sign-in and when they pick one, so alerts and other mails sent without a request are in it too.
import type { HookContext } from '@feathersjs/feathers';
import { type LocaleId, normalizeLocale } from '../../src/domain/locales';
import type { Application } from '../declarations';

/** The language a request asks for, or null when it says none we have. */
export function requestLocale(headers: Record<string, unknown> | undefined): LocaleId | null {
  if (!headers) return null;
  const cookie =
    typeof headers.cookie === 'string' ? /(?:^|;\s*)lang=([^;]*)/.exec(headers.cookie)?.[1] : null;
  const fromCookie = cookie ? normalizeLocale(decodeURIComponent(cookie)) : null;
  if (fromCookie) return fromCookie;
  const accept = typeof headers['accept-language'] === 'string' ? headers['accept-language'] : '';
  // "de-AT,de;q=0.9,en;q=0.8": by weight, the first we have.
  const ranked = accept
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { tag, q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranked) {
    const id = normalizeLocale(r.tag);
    if (id) return id;
  }
  return null;
}

/** A user's language as the account keeps it, or null before it is known (a translator then writes English). */
export async function userLocale(app: Application, userId: string): Promise<LocaleId | null> {
  const row = await app.ctx.storage.knex('users').where({ _id: userId }).first('locale');
  return normalizeLocale(row?.locale);
}

/** After `authentication` create from outside: keep the language the user's app speaks now. */
export async function rememberLocale(context: HookContext): Promise<void> {
  if (!context.params.provider) return;
  const user = (context.result as { user?: { _id?: string; locale?: string | null } } | undefined)?.user;
  const locale = requestLocale(context.params.headers as Record<string, unknown> | undefined);
  if (!user?._id || !locale || user.locale === locale) return;
  await (context.app as Application).ctx.storage.knex('users').where({ _id: user._id }).update({ locale });
}
