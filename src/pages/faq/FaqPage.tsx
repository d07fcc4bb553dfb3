// Frequently asked questions about the portal.
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { HELP_FACTS } from '../help/facts';
import { type Faq, FaqList } from './FaqList';

const { staleMinutes, lostMinutes, fiveMinuteDaysHeld, dailyDaysHeld } = HELP_FACTS;

const FAQ: Faq[] = [
  {
    q: msg`Which weather stations work with the portal?`,
    a: msg`Consoles that upload with WSLink (Bresser, Garni, Sencor, Youshiko and other CCL-made consoles), and any station that can send to a custom Wunderground or Ecowitt server.`,
  },
  {
    q: msg`Why does a card show '---'?`,
    a: msg`The sensor sent no value, or a value outside its possible range. Check the sensor's battery and its radio link to the console.`,
  },
  {
    q: msg`How often is the dashboard updated?`,
    a: msg`Every time your console uploads, usually every 16 to 60 seconds. The top bar shows how long ago the last reading arrived.`,
  },
  {
    q: msg`What does the coloured dot on a card mean?`,
    a: msg`Green: the reading is fresh. Amber: no update for more than ${plural(staleMinutes, { one: '# minute', other: '# minutes' })}. Red: the sensor reports no signal, or nothing arrived for ${plural(lostMinutes, { one: '# minute', other: '# minutes' })}.`,
  },
  {
    q: msg`Does the portal work offline?`,
    a: msg`Yes, in the browser: installing it as an app is not needed. It keeps the 5-minute readings of the last ${plural(fiveMinuteDaysHeld, { one: '# day', other: '# days' })}, the daily values of the last ${plural(dailyDaysHeld, { one: '# day', other: '# days' })} and the graphs you viewed. Most changes (units, cards, alert rules, station settings) are saved offline and sent later; adding a station, exports and payments need a connection. Help lists them all.`,
  },
  {
    q: msg`How do I change units such as °F, inHg or mph?`,
    a: msg`Open Unit & Display in the menu and pick the units you like. All cards, graphs and exports follow your choice.`,
  },
  {
    q: msg`How do I look at someone else's station?`,
    a: msg`Type its station ID into the search box in the top bar. Stations whose owner shares them with everyone, or keeps them unlisted, can be opened this way.`,
  },
  {
    q: msg`How do I use a tablet as a wall display?`,
    a: msg`Open the dashboard and press the fullscreen button. The readings get very large, the screen stays on and the display turns dark at night.`,
  },
  {
    q: msg`I forgot my password.`,
    a: msg`Choose 'Forgot password?' on the login page. We send a verification code to your email address, then you choose a new password.`,
  },
];

export default function FaqPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Frequently asked questions`}>
      <FaqList items={FAQ} />
    </Page>
  );
}
