// Help's topics (issue 33): the station key, each console family step by step, HTTPS for consoles, the
// verification code without a mail server, alerts, records, calibration, exports, sharing, forwarding, plans and
// what works offline. Every number and menu name comes from facts.ts (the app's own declarations); claims.test.tsx checks
// each claim against the code. Each topic is a section with an id so a test (and a link) can find it.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Panel } from '../../components/Page';
import styles from '../legal/Prose.module.css';
import { HELP_FACTS as F, MENU_NAMES, OFFLINE_EDITS, ONLINE_ONLY } from './facts';

function Topic({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Panel className={styles.prose}>
      <section id={id} data-topic={id} aria-labelledby={`${id}-title`} className={styles.prose}>
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
      </section>
    </Panel>
  );
}

export function HelpTopics() {
  const { t, i18n } = useLingui();
  const server = i18n._(MENU_NAMES['/server']);
  const devices = i18n._(MENU_NAMES['/devices']);
  const alerts = i18n._(MENU_NAMES['/alert']);
  const exportPage = i18n._(MENU_NAMES['/export']);
  const shared = i18n._(MENU_NAMES['/shares']);
  const list = (items: string[]) => new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(items);
  const queued = list(OFFLINE_EDITS.map((e) => i18n._(e.label)));
  const online = list(ONLINE_ONLY.map((e) => i18n._(e.label)));
  const ecowittPath = `${F.ecowittPath}${t`your-station-key`}`;
  const { wslinkPath, wundergroundPath, maxExportDays, freeHistoryDays, networks, pauseAfterRejections } = F;
  const { maxStationsPerOrder, fiveMinuteDaysHeld, dailyDaysHeld, alertSilentMinutes, baroDropMinutes } = F;
  const { neighbourRadiusKm, neighbourDays } = F;
  const ambientPath = `${ecowittPath}?`;
  const macPath = `${F.ecowittPath}?`;
  return (
    <>
      <Topic id="station-key" title={t`The station key`}>
        <p>{t`Each station has a Station ID and a Station key. The console sends both with every upload; the key works like a password, and an upload with a wrong key is refused.`}</p>
        <p>{t`Keep the key secret: anyone who knows it can upload readings as your station. ${server} shows it.`}</p>
        <p>{t`Regenerating the key on ${server} stops the old key at once: type the new key into your console, or its uploads are refused.`}</p>
      </Topic>

      <Topic id="consoles" title={t`Setting up your console, step by step`}>
        <h3>{t`Ecowitt consoles (Ecowitt or WS View Plus app)`}</h3>
        <ol>
          <li>{t`In the app, open your console's Weather Services and go to the Customized page.`}</li>
          <li>{t`Turn it on and choose the Ecowitt protocol.`}</li>
          <li>{t`Enter the server and port shown above and the path ${ecowittPath}: the station key in the path identifies your station.`}</li>
          <li>{t`Save. Readings appear within a minute.`}</li>
        </ol>
        <h3>{t`Bresser and other CCL consoles (WSLink app)`}</h3>
        <ol>
          <li>{t`Connect the WSLink app to your console as its manual describes.`}</li>
          <li>{t`Open the upload settings for a custom server and choose the WSLink protocol.`}</li>
          <li>{t`Enter the server and port shown above and the path ${wslinkPath}.`}</li>
          <li>{t`Enter your Station ID as the station ID and your Station key as the password, then save.`}</li>
        </ol>
        <h3>{t`Consoles with the Wunderground protocol`}</h3>
        <ol>
          <li>{t`In the console's setup or its app, choose a custom Wunderground server.`}</li>
          <li>{t`Enter the server and port shown above and the path ${wundergroundPath}.`}</li>
          <li>{t`Enter your Station ID as the station ID and your Station key as the password, then save.`}</li>
        </ol>
        <h3>{t`Ambient Weather consoles (awnet app)`}</h3>
        <ol>
          <li>{t`In the awnet app, open the Customized server settings of your console and turn them on.`}</li>
          <li>{t`Enter the server and port shown above and the path ${ambientPath} (with the question mark at the end: the console adds its readings after it).`}</li>
          <li>{t`Or turn on identification by MAC address on ${server} (Ecowitt settings) and use the path ${macPath} instead.`}</li>
        </ol>
      </Topic>

      <Topic id="https" title={t`HTTPS and consoles`}>
        <p>{t`Most consoles send plain HTTP; newer WSLink firmware uses HTTPS but accepts any certificate. Put a TLS proxy (for example Caddy or nginx) in front of the portal for browsers, and let it pass the consoles' plain HTTP through on port 80.`}</p>
        <p>{t`Behind a proxy, set TRUST_PROXY to the number of proxies in front of the portal, so it sees each console's real address, and PUBLIC_HOST to the name consoles should use: the console setup above shows it.`}</p>
      </Topic>

      <Topic id="verification-code" title={t`The verification code without a mail server`}>
        <p>{t`When the portal has no mail server (SMTP_URL is not set), it sends no e-mail: each message, with its verification code, is written as a file to the outbox folder of its data directory (DATA_DIR/outbox). Ask the person who runs the portal to read it to you.`}</p>
      </Topic>

      <Topic id="alerts" title={t`Alerts`}>
        <p>{t`On ${alerts}, add rules for a station: a reading above, at or above, or below a value; a pressure drop within ${plural(baroDropMinutes, { one: '# minute', other: '# minutes' })}; or a sensor without signal, or a station without uploads, for ${plural(alertSilentMinutes, { one: '# minute', other: '# minutes' })}.`}</p>
        <p>{t`Each rule sends an e-mail or a notification. Raised alerts are listed under Active alerts until you hide them; Disable all alerts silences a station.`}</p>
      </Topic>

      <Topic id="records" title={t`Records`}>
        <p>{t`Records, opened from the dashboard, lists the highs and lows of today, yesterday, this month, this year and all time, with the time each happened. The owner can start them again; the portal asks first.`}</p>
      </Topic>

      <Topic id="calibration" title={t`Calibrating a sensor`}>
        <p>{t`A sensor that reads off is corrected on the Calibration page, linked from ${server}: per reading an offset, a multiplier and, if you need one, a quadratic term, from a time you choose. The portal applies it to every upload from then on, before it works out dew point or feels-like; readings stored earlier stay as they were. The card's details say which readings are calibrated.`}</p>
        <p>{t`Its neighbour check compares the station's temperature and pressure, hour by hour over the last ${plural(neighbourDays, { one: '# day', other: '# days' })}, with the public stations within ${neighbourRadiusKm} km. When the station reads off the same way for days, it proposes the calibration that removes the difference. Only their median is used; no other station's readings are shown.`}</p>
      </Topic>

      <Topic id="export" title={t`Exporting readings`}>
        <p>{t`${exportPage} saves up to ${plural(maxExportDays, { one: '# day', other: '# days' })} of a station's readings at a time, as Excel, CSV, or files for WeeWX and CumulusMX. Every account can export, as far back as its history is kept (5-minute readings: ${plural(freeHistoryDays, { one: '# day', other: '# days' })} without a plan).`}</p>
      </Topic>

      <Topic id="sharing" title={t`Sharing a station`}>
        <p>{t`In ${devices}, choose who can see a station. Nobody: only you and the people you invite. Everyone and Not Show: anyone who knows its station ID can open it (the portal has no public list of stations). Visitors see its position rounded to about 1 km unless you choose the exact position.`}</p>
        <p>{t`To share with particular people, invite them by e-mail from the station's settings in ${devices}. They answer under ${shared} and, once they accept, see the station and its exact position.`}</p>
      </Topic>

      <Topic id="forwarding" title={t`Forwarding to other networks`}>
        <p>{t`On ${server}, upload targets send each reading of your station on to ${networks}, or to a server of your own in the Wunderground or Ecowitt format.`}</p>
        <p>{t`When a network refuses the key ${plural(pauseAfterRejections, { one: '# time', other: '# times' })} in a row, forwarding to it pauses and you get an e-mail. Correct the key and turn the target on again.`}</p>
      </Topic>

      <Topic id="plans" title={t`Plans`}>
        <p>{t`Every account has live data, alerts and exports, and keeps the 5-minute history of ${plural(freeHistoryDays, { one: '# day', other: '# days' })}, without a plan.`}</p>
        <p>{t`Some console types need a plan: their readings are shown only while a plan covers the station, and ${devices} says so for each station. A paid plan covers up to ${plural(maxStationsPerOrder, { one: '# such station', other: '# such stations' })} per order and may keep a longer history.`}</p>
      </Topic>

      <Topic id="offline" title={t`Working offline`}>
        <p>{t`The portal works offline in the browser: installing it as an app is not needed. It keeps the 5-minute readings of the last ${plural(fiveMinuteDaysHeld, { one: '# day', other: '# days' })} and the daily values of the last ${plural(dailyDaysHeld, { one: '# day', other: '# days' })} of the stations you opened, and the graphs you viewed.`}</p>
        <p data-testid="offline-queued">{t`Saved offline and sent when you are back online: ${queued}.`}</p>
        <p data-testid="offline-online">{t`These need a connection: ${online}.`}</p>
      </Topic>
    </>
  );
}
