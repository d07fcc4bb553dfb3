// Runs a user action: marks it as processing, shows its failure in the error snackbar (spec §8 "Action errors").
import { translateServerMessage } from '../i18n/messages';
import { errorText, useUi } from './ui';

export type ActionResult<T> = { ok: true; value: T } | { ok: false; error: string };

export async function runAction<T>(name: string, action: () => Promise<T>): Promise<ActionResult<T>> {
  useUi.getState().setProcessing(name);
  try {
    const value = await action();
    // A wrong password, a wrong code, 'Device not found': the message of a failed try goes once the same
    // action succeeds (it would otherwise stay on the next screen for the snackbar's long time-out).
    if (useUi.getState().errorSource === name) useUi.getState().clearError();
    return { ok: true, value };
  } catch (err) {
    const error = translateServerMessage(errorText(err));
    useUi.getState().showError(error, name);
    return { ok: false, error };
  } finally {
    if (useUi.getState().processing === name) useUi.getState().setProcessing(null);
  }
}
