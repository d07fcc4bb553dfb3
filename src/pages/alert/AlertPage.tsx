// Alert Setting (spec §2/§3): per station (owned or shared), the user's alert rules, a switch that disables them
// all, and the station's active alerts. Every change is a write-through edit (saveAlertSettings): instant, and
// queued for the server when offline.
import { useLingui } from '@lingui/react/macro';
import { BellOff, BellRing, Mail, Pencil, Plus, Smartphone, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Switch } from 'react-aria-components';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { EmptyState, Page, Panel } from '../../components/Page';
import { StationSelect, useStationChoice } from '../../components/StationSelect';
import { relationOf } from '../../db/devices';
import { hideAlert, saveAlertSettings } from '../../db/edits';
import {
  useAlertSettings,
  useAlerts,
  useAuth,
  useDevice,
  useDevices,
  useOutboxCount,
  useUnits,
} from '../../db/hooks';
import type { AlertRule } from '../../db/schema';
import { formatDateTime } from '../../i18n/dateTime';
import { useUi } from '../../state/ui';
import styles from './AlertPage.module.css';
import { itemLabel, methodLabel, ruleSummary } from './alertItems';
import { RuleEditor } from './RuleEditor';

/** null: closed; 'new': adding; a number: editing that rule. */
type Editing = null | 'new' | number;

export default function AlertPage() {
  const { t, i18n } = useLingui();
  const auth = useAuth();
  const all = useDevices();
  const me = auth?.user?._id;
  const devices = all?.filter((d) => relationOf(d, me) !== 'public');
  const [deviceId, setDeviceId] = useStationChoice(devices);
  const device = useDevice(deviceId);
  const record = useAlertSettings(deviceId);
  const alerts = useAlerts(deviceId);
  const prefs = useUnits();
  const outbox = useOutboxCount();
  const [editing, setEditing] = useState<Editing>(null);
  const [saved, setSaved] = useState(false);
  const wantPush = useUi((s) => s.wantPush);

  if (devices && devices.length === 0)
    return (
      <Page title={t`Alert Setting`}>
        <EmptyState icon={<BellRing size={40} aria-hidden="true" />} title={t`No stations are found`}>
          <p>{t`Alerts can be set on your own stations and on stations shared with you.`}</p>
          <Link to="/devices?add=1">{t`Add a station`}</Link>
        </EmptyState>
      </Page>
    );

  const rules = record?.settings ?? [];
  const disableAll = record?.disableAll ?? false;

  const store = async (settings: AlertRule[], disable = disableAll) => {
    if (!deviceId) return;
    await saveAlertSettings(deviceId, settings, disable);
    setSaved(true);
  };

  const changeStation = (id: string) => {
    setDeviceId(id);
    setEditing(null);
    setSaved(false);
  };

  return (
    <Page title={t`Alert Setting`} width="wide">
      <Panel className={styles.top}>
        {devices && <StationSelect devices={devices} value={deviceId} onChange={changeStation} />}
        <Switch
          className={styles.switch}
          isSelected={disableAll}
          isDisabled={!device || record === undefined}
          onChange={(on) => void store(rules, on)}
        >
          <span className={styles.track} aria-hidden="true">
            <span className={styles.thumb} />
          </span>
          {t`Disable all alerts`}
        </Switch>
        <p className={styles.status} role="status">
          {saved && (outbox > 0 ? t`Saved — will sync when online` : t`Saved`)}
        </p>
      </Panel>

      <section className={styles.section} aria-labelledby="alert-rules">
        <header className={styles.sectionHeader}>
          <h2 id="alert-rules" className={styles.sectionTitle}>
            {t`Rules`}
          </h2>
          {editing === null && (
            <Button
              variant="primary"
              icon={<Plus size={18} aria-hidden="true" />}
              onClick={() => setEditing('new')}
              disabled={!device}
            >
              {t`Add rule`}
            </Button>
          )}
        </header>
        {disableAll && rules.length > 0 && (
          <p
            className={styles.notice}
          >{t`All alerts of this station are off until you turn the switch off.`}</p>
        )}
        {device && editing !== null && (
          <Panel>
            <RuleEditor
              key={`${deviceId}-${editing}`}
              device={device}
              prefs={prefs}
              rule={editing === 'new' ? null : (rules[editing] ?? null)}
              onCancel={() => setEditing(null)}
              onSave={(rule) => {
                // Push alerts chosen: the browser asks for the notification permission now (issue 22).
                if (rule.method === 'notification') wantPush();
                const next =
                  editing === 'new' ? [...rules, rule] : rules.map((r, i) => (i === editing ? rule : r));
                setEditing(null);
                void store(next);
              }}
            />
          </Panel>
        )}
        {device && rules.length === 0 && editing === null && (
          <EmptyState icon={<BellOff size={32} aria-hidden="true" />} title={t`No alert rules yet`}>
            <p>{t`Add a rule to get an email or a notification when a reading crosses a limit.`}</p>
          </EmptyState>
        )}
        {device && rules.length > 0 && (
          <ul className={`${styles.rules} ${disableAll ? styles.off : ''}`} aria-label={t`Alert rules`}>
            {rules.map((rule, i) => {
              const label = itemLabel(rule.item, device);
              const MethodIcon = rule.method === 'email' ? Mail : Smartphone;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; their place is their identity
                <li key={i} className={styles.rule} data-editing={editing === i || undefined}>
                  <div className={styles.ruleText}>
                    <span className={styles.ruleItem}>{label}</span>
                    <span className={styles.ruleWhat}>{ruleSummary(rule, device, i18n.locale)}</span>
                  </div>
                  <span className={styles.method}>
                    <MethodIcon size={14} aria-hidden="true" />
                    {methodLabel(rule.method)}
                  </span>
                  <div className={styles.ruleActions}>
                    <Button
                      size="sm"
                      variant="ghost"
                      iconOnly
                      icon={<Pencil size={16} aria-hidden="true" />}
                      aria-label={t`Edit rule: ${label}`}
                      onClick={() => setEditing(i)}
                    />
                    <Button
                      size="sm"
                      variant="ghost"
                      iconOnly
                      icon={<Trash2 size={16} aria-hidden="true" />}
                      aria-label={t`Remove rule: ${label}`}
                      onClick={() => {
                        setEditing(null);
                        void store(rules.filter((_, j) => j !== i));
                      }}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className={styles.section} aria-labelledby="alert-active">
        <h2 id="alert-active" className={styles.sectionTitle}>
          {t`Active alerts`}
        </h2>
        {alerts && alerts.length === 0 && <p className={styles.muted}>{t`No active alerts.`}</p>}
        {alerts && alerts.length > 0 && (
          <ul className={styles.rules} aria-label={t`Active alerts`}>
            {alerts.map((a) => {
              const text = a.message || itemLabel(a.item, device);
              const when = formatDateTime(a.lastTrigger * 1000, i18n.locale, prefs, {
                timeZone: device?.timezone,
              });
              return (
                <li key={a._id} className={`${styles.rule} ${styles.active}`}>
                  <BellRing size={18} aria-hidden="true" className={styles.activeIcon} />
                  <div className={styles.ruleText}>
                    <span className={styles.ruleItem}>{text}</span>
                    <span className={styles.ruleWhat}>{t`Since ${when}`}</span>
                  </div>
                  <Button
                    size="sm"
                    aria-label={t`Hide alert: ${text}`}
                    onClick={() => deviceId && void hideAlert(deviceId, a._id)}
                  >
                    {t`Hide`}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </Page>
  );
}
