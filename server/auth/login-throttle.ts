// Failed logins slow an account down instead of locking it (issue #10: ten wrong passwords from anyone locked
// the owner out for 15 minutes). Past `threshold` failures in the window, every attempt on that account waits
// a growing delay before the password is checked (right or wrong, so the wait tells nothing); when a captcha
// is configured, a client (IP) that has itself failed on the account must also pass it. The right password
// is never refused to a client that has not failed. An IP that fails too often overall is refused (429), but
// only for the e-mail addresses it failed on (issue #20): behind a NAT or a proxy without TRUST_PROXY many
// people share one address, and the right password of an account that never failed there is still accepted
// (after BASE_DELAY_MS, so trying one guess per address from that IP stays slow).
import { TooManyRequests } from '@feathersjs/errors';
import { ERRORS } from '../../src/domain/errors';
import type { Config } from '../config';
import { codedError } from '../hooks/error-codes';
import { AccountLimiter, type SharedCounters } from '../hooks/rate-limit';
import { captchaEnabled, checkCaptcha } from './captcha';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** The first delay past the threshold; it doubles with each further failure up to MAX_DELAY_MS. */
export const BASE_DELAY_MS = 500;
export const MAX_DELAY_MS = 8000;
export const TOO_MANY_FROM_IP = ERRORS.tooManyLoginsFromNetwork;

export function loginDelay(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.min(failures - threshold, 10));
}

export class LoginThrottle {
  private perAccount: AccountLimiter;
  private perClient: AccountLimiter;
  private perIp: AccountLimiter;

  constructor(
    private config: Config,
    counters: SharedCounters | null,
    private sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
  ) {
    // The account counter never refuses (its limit is never reached); it only measures the delay.
    this.perAccount = new AccountLimiter('login', Number.MAX_SAFE_INTEGER, FIFTEEN_MINUTES, counters);
    this.perClient = new AccountLimiter('login-client', Number.MAX_SAFE_INTEGER, FIFTEEN_MINUTES, counters);
    this.perIp = new AccountLimiter('login-ip', config.loginFailuresPerIp, FIFTEEN_MINUTES, counters);
  }

  /** Before checking a password: refuse a failing IP, ask a failing client for the captcha, then wait. */
  async before(email: string, ip: string, captchaToken: unknown): Promise<void> {
    if (!(await this.perIp.allowed(ip))) {
      if ((await this.perClient.count(`${email}|${ip}`)) > 0)
        throw codedError(TooManyRequests, 'tooManyLoginsFromNetwork');
      await this.sleep(BASE_DELAY_MS);
    }
    const failures = await this.perAccount.count(email);
    const threshold = this.config.loginFailuresPerAccount;
    if (failures < threshold) return;
    if (captchaEnabled(this.config) && (await this.perClient.count(`${email}|${ip}`)) > 0)
      await checkCaptcha(this.config, captchaToken, ip);
    await this.sleep(loginDelay(failures, threshold));
  }

  async failed(email: string, ip: string): Promise<void> {
    await Promise.all([this.perAccount.hit(email), this.perClient.hit(`${email}|${ip}`), this.perIp.hit(ip)]);
  }

  /** The right password: this client starts clean (the account's count stays, other clients may still fail). */
  async succeeded(email: string, ip: string): Promise<void> {
    await this.perClient.reset(`${email}|${ip}`);
  }
}
