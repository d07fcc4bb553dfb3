// The owner's share panel of a station (issue #10): invite an address, see each invitation as the address they
// typed with "Pending" (nothing else of the person shows until they accept), revoke it, or stop a share.
import { useLingui } from '@lingui/react/macro';
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useAuth } from '../../db/hooks';
import { inviteToStation, removeInvitation } from '../../db/share-edits';
import { useSentInvitations } from '../../db/useShares';
import type { Device } from '../../domain/contract';
import { isValidEmail } from '../../domain/validate';
import styles from './SharePanel.module.css';

export function SharePanel({ device }: { device: Device }) {
  const { t } = useLingui();
  const auth = useAuth();
  const sent = useSentInvitations(device._id);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim().toLowerCase();
    if (!isValidEmail(address)) return setError(t`Email format is wrong`);
    if (address === auth?.user.email.toLowerCase()) return setError(t`You cannot invite yourself`);
    setError(null);
    setEmail('');
    await inviteToStation(device, address);
  };

  return (
    <div className={styles.panel}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t`Invite by e-mail address`}
          type="email"
          autoComplete="off"
          value={email}
          error={error}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" variant="primary" icon={<Send size={16} aria-hidden="true" />}>
          {t`Invite`}
        </Button>
      </form>
      <p className={styles.hint}>
        {t`They see ${device.name} once they accept the invitation. Until then you see only the address.`}
      </p>
      {sent && sent.length > 0 && (
        <ul className={styles.list} aria-label={t`Invitations for ${device.name}`}>
          {sent.map((inv) => (
            <li key={inv._id} className={styles.row}>
              <span className={styles.email}>{inv.email}</span>
              <span
                className={`${styles.chip} ${inv.status === 'accepted' ? styles.accepted : styles.pending}`}
              >
                {inv.status === 'accepted'
                  ? t`Shared`
                  : t({ message: 'Pending', context: 'invitation status' })}
              </span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={
                  inv.status === 'accepted'
                    ? t`Stop sharing with ${inv.email}`
                    : t`Revoke the invitation to ${inv.email}`
                }
                onClick={() => void removeInvitation(inv)}
              >
                {inv.status === 'accepted' ? t`Stop sharing` : t`Revoke`}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
