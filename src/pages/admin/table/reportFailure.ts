// A failed admin action (save, delete, batch delete, …): logged, and its message (translated by its code) put in
// the global error snackbar (spec §8).
import { translateServerMessage } from '../../../i18n/messages';
import { errorText, useUi } from '../../../state/ui';

export function reportFailure(what: string, error: unknown): string {
  console.error(`[admin] ${what} failed`, error);
  const message = translateServerMessage(errorText(error));
  useUi.getState().showError(message);
  return message;
}
