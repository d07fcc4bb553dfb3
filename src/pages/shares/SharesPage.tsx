// Shared with me (issue #10): invitations to see someone's station, answered with Accept or Decline, and the
// stations shared with the user, which they can leave. Reads Dexie; answers go through the outbox.
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Share2, X } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { AppDialog } from '../../components/Dialog';
import { openDevice } from '../../components/openDevice';
import { EmptyState, Page } from '../../components/Page';
import { useUnits } from '../../db/hooks';
import { answerInvitation, removeInvitation } from '../../db/share-edits';
import { useReceivedInvitations } from '../../db/useShares';
import type { ShareInvitation } from '../../domain/contract';
import { formatDate } from '../../i18n/dateTime';
import styles from './SharesPage.module.css';

/** The inviter's name, or their address when they gave none. */
export const inviterName = (inv: ShareInvitation) =>
  [inv.from?.firstName, inv.from?.lastName].filter(Boolean).join(' ').trim() || inv.from?.email || '';

function Initial({ inv }: { inv: ShareInvitation }) {
  return (
    <span className={styles.avatar} aria-hidden="true">
      {inviterName(inv).slice(0, 1).toUpperCase()}
    </span>
  );
}

export default function SharesPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const received = useReceivedInvitations();
  const [leaving, setLeaving] = useState<ShareInvitation | null>(null);
  const pending = received?.filter((i) => i.status === 'pending') ?? [];
  const shared = received?.filter((i) => i.status === 'accepted') ?? [];
  const prefs = useUnits();
  const date = (ms: number) => formatDate(ms, i18n.locale, prefs);

  return (
    <Page title={t`Shared with me`}>
      {received && received.length === 0 && (
        <EmptyState icon={<Share2 size={40} aria-hidden="true" />} title={t`No invitations`}>
          <p>{t`When someone invites you to see their station, the invitation appears here.`}</p>
        </EmptyState>
      )}
      {pending.length > 0 && (
        <section className={styles.section} aria-labelledby="invitations-heading">
          <h2 id="invitations-heading" className={styles.heading}>{t`Invitations`}</h2>
          <ul className={styles.list}>
            {pending.map((inv) => {
              const name = inviterName(inv);
              const station = inv.deviceName;
              return (
                <li key={inv._id} className={styles.item}>
                  <Initial inv={inv} />
                  <div className={styles.text}>
                    <p className={styles.line}>
                      <Trans>
                        <strong>{name}</strong> invites you to see the station <strong>{station}</strong>
                      </Trans>
                    </p>
                    <p className={styles.meta}>
                      {inv.from?.email} · {date(inv.createdAt)}
                    </p>
                  </div>
                  <div className={styles.actions}>
                    <Button
                      variant="primary"
                      size="sm"
                      icon={<Check size={16} aria-hidden="true" />}
                      aria-label={t`Accept the invitation to ${station}`}
                      onClick={() => void answerInvitation(inv, 'accepted')}
                    >
                      {t`Accept`}
                    </Button>
                    <Button
                      size="sm"
                      icon={<X size={16} aria-hidden="true" />}
                      aria-label={t`Decline the invitation to ${station}`}
                      onClick={() => void answerInvitation(inv, 'declined')}
                    >
                      {t`Decline`}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {shared.length > 0 && (
        <section className={styles.section} aria-labelledby="shared-heading">
          <h2 id="shared-heading" className={styles.heading}>{t`Stations shared with you`}</h2>
          <ul className={styles.list}>
            {shared.map((inv) => {
              const name = inviterName(inv);
              const station = inv.deviceName;
              return (
                <li key={inv._id} className={styles.item}>
                  <Initial inv={inv} />
                  <div className={styles.text}>
                    <p className={styles.line}>
                      <strong>{station}</strong>
                    </p>
                    <p className={styles.meta}>{t`Shared by ${name}`}</p>
                  </div>
                  <div className={styles.actions}>
                    <Button
                      size="sm"
                      aria-label={t`Open ${station} on the dashboard`}
                      onClick={async () => {
                        await openDevice(inv.device);
                        navigate('/dashboard');
                      }}
                    >
                      {t`Open`}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setLeaving(inv)}>
                      {t`Leave`}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <AppDialog
        open={!!leaving}
        onClose={() => setLeaving(null)}
        title={t`Leave this station?`}
        actions={
          <>
            <Button onClick={() => setLeaving(null)}>{t`Cancel`}</Button>
            <Button
              variant="danger"
              onClick={() => {
                if (leaving) void removeInvitation(leaving);
                setLeaving(null);
              }}
            >
              {t`Leave`}
            </Button>
          </>
        }
      >
        <p>{t`You will no longer see this station. The owner can invite you again.`}</p>
      </AppDialog>
    </Page>
  );
}
