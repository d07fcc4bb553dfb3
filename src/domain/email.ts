// E-mail address checks of the account forms (re-exported by validate.ts). A module of its own: the sign-in
// screen's first paint needs them, and not the metric catalogue validate.ts also holds (issue 21's bundle budget).
import type { ErrorCode } from './errors';

export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email.trim());
}

export function validateEmail(email: string | null | undefined): ErrorCode | null {
  if (!email?.trim()) return 'required';
  return isValidEmail(email) ? null : 'emailFormat';
}
