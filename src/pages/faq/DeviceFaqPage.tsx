// Questions about connecting a console.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { type Faq, FaqList } from './FaqList';

const DEVICE_FAQ: Faq[] = [
  {
    q: msg`Where do I find my Station ID and Station key?`,
    a: msg`Open Weather Server in the menu. It shows the station ID, the station key and the time of the last upload of the selected station.`,
  },
  {
    q: msg`My console says it uploaded, but the dashboard stays empty.`,
    a: msg`Check that the server, port and path are typed exactly as shown in Help, and that the station ID and key match. A wrong key is refused.`,
  },
  {
    q: msg`My console only allows https.`,
    a: msg`Newer firmware insists on https but accepts any certificate. Make sure this server is reachable over https on port 443, for example through a TLS proxy in front of it (Help, HTTPS and consoles).`,
  },
  {
    q: msg`How is an Ecowitt console recognised?`,
    a: msg`Ecowitt consoles do not send a station ID. Type the path shown on the Weather Server page: it ends with the station key, which identifies the station. Recognising the console by its MAC address is optional, because anyone who knows the MAC could then upload as the station.`,
  },
  {
    q: msg`Can I rename the channels of my extra sensors?`,
    a: msg`Yes. In Edit Devices, open the station and give each channel a name under Channel names, for example Greenhouse or Pool.`,
  },
];

export default function DeviceFaqPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Device FAQ`}>
      <FaqList items={DEVICE_FAQ} />
    </Page>
  );
}
