// reCAPTCHA v3 on sign-up (docs/architecture.md §3: on when RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET are set, off otherwise).
// The token the client widget produced is checked with Google's siteverify; tests inject a fake verifier.
import { BadRequest, Unavailable } from '@feathersjs/errors';
import type { Config } from '../config';

export interface CaptchaResult {
  success: boolean;
  /** v3 only: 1.0 very likely a human, 0.0 very likely a bot. */
  score?: number;
  action?: string;
}

export type CaptchaVerifier = (token: string, ip?: string) => Promise<CaptchaResult>;

export const CAPTCHA_MISSING = 'Please confirm you are not a robot (captcha token missing)';
export const CAPTCHA_FAILED = 'The captcha check failed, please try again';

export function captchaEnabled(config: Config): boolean {
  return Boolean(config.recaptchaSiteKey && config.recaptchaSecret);
}

/** Google's siteverify (https://developers.google.com/recaptcha/docs/verify). */
export function siteVerify(secret: string): CaptchaVerifier {
  return async (token, ip) => {
    const body = new URLSearchParams({ secret, response: token });
    if (ip) body.set('remoteip', ip);
    const res = await fetch('https://www.google.com/recaptcha/api/siteverify', {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
    return (await res.json()) as CaptchaResult;
  };
}

/** Throws a 400 unless the token passes (or captcha is off); 503 when the check itself cannot be made. */
export async function checkCaptcha(config: Config, token: unknown, ip?: string): Promise<void> {
  if (!captchaEnabled(config)) return;
  if (typeof token !== 'string' || token.trim() === '')
    throw new BadRequest(CAPTCHA_MISSING, { field: 'captchaToken' });
  if (token.length > 4000) throw new BadRequest(CAPTCHA_FAILED, { field: 'captchaToken' });
  const verify = config.captchaVerifier ?? siteVerify(config.recaptchaSecret as string);
  let result: CaptchaResult;
  try {
    result = await verify(token, ip);
  } catch {
    throw new Unavailable('The captcha could not be checked, please try again later');
  }
  const scoreOk = typeof result.score !== 'number' || result.score >= config.recaptchaMinScore;
  if (!result.success || !scoreOk) throw new BadRequest(CAPTCHA_FAILED, { field: 'captchaToken' });
}
