// Where a mailed code is when the server has no mail transport (issue 22): SMTP_URL unset writes every mail
// to a file in DATA_DIR/outbox, and an owner trying the portal would wait for an e-mail that never comes.
import { Trans } from '@lingui/react/macro';
import styles from './AuthCard.module.css';
import { usePublicConfig } from './SignInExtras';

export function OutboxNote() {
  if (usePublicConfig()?.mailOutbox !== true) return null;
  return (
    <p className={styles.outbox} role="note" data-testid="mail-outbox-note">
      <Trans>
        This portal has no mail server set up, so no e-mail is sent: the message with the code is saved as a
        file in <code>DATA_DIR/outbox</code> on the server (<code>./data/outbox</code> by default). Open the
        newest file there, or ask the portal's administrator.
      </Trans>
    </p>
  );
}
