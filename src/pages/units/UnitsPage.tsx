// Unit & Display (spec §3 Unit preferences, §9 defaults): every preference as a row of choices, saved at once
// through saveUnits (write-through: local at once, the profile when online), with a live preview of readings.
import { useLingui } from '@lingui/react/macro';
import { RotateCcw } from 'lucide-react';
import { Button } from '../../components/Button';
import { Page, Panel } from '../../components/Page';
import { useOutboxCount } from '../../db/hooks';
import { DEFAULT_UNIT_PREFS } from '../../domain';
import { CHOICES } from './choices';
import { Segments } from './Segments';
import styles from './UnitsPage.module.css';
import { UnitsPreview } from './UnitsPreview';
import { useUnitChoices } from './useUnitChoices';

export default function UnitsPage() {
  const { t, i18n } = useLingui();
  const { prefs, saved, change, reset } = useUnitChoices();
  const outbox = useOutboxCount();

  return (
    <Page
      title={t`Unit & Display`}
      width="wide"
      actions={
        <>
          <p className={styles.status} role="status">
            {saved && (outbox > 0 ? t`Saved — will sync when online` : t`Saved`)}
          </p>
          <Button
            variant="ghost"
            icon={<RotateCcw size={16} aria-hidden="true" />}
            onClick={() => void reset()}
          >
            {t`Restore defaults`}
          </Button>
        </>
      }
    >
      <div className={styles.layout}>
        <div className={styles.groups}>
          {CHOICES.map((group) => (
            <Panel key={group.title.id} className={styles.group}>
              <h2 className={styles.groupTitle}>{i18n._(group.title)}</h2>
              {group.items.map((c) => (
                <Segments
                  key={c.key}
                  choice={c}
                  value={prefs[c.key] ?? DEFAULT_UNIT_PREFS[c.key]}
                  onChange={(v) => void change(c.key, v)}
                />
              ))}
            </Panel>
          ))}
        </div>
        <aside className={styles.previewBox} aria-labelledby="units-preview">
          <UnitsPreview prefs={prefs} />
        </aside>
      </div>
    </Page>
  );
}
