// Frequently asked questions about the portal.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { type Faq, FaqList } from './FaqList';

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
    a: msg`Green: the reading is fresh. Amber: no update for more than 5 minutes. Red: the sensor or the station is lost.`,
  },
  {
    q: msg`Does the portal work offline?`,
    a: msg`Yes. Installed as an app it shows the last readings and every graph you have opened before. Changes you make offline are sent when you are back online.`,
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
