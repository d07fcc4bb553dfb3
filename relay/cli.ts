// `npm run relay -- --portal <portal URL> --listen <port> --queue <dir> [--forward <url>]… [--max-size 64M]
// [--poll-ecowitt <gateway> --station-key <key> [--poll-interval <s>]]` (relay/README.md). Receives uploads, or
// with --poll-ecowitt polls an Ecowitt gateway instead. Runs until SIGINT/SIGTERM, then closes the queue's files.
import { parseArgs } from 'node:util';
import { liveDataUrl } from './gateway';
import { DEFAULT_MAX_BYTES, startRelay } from './relay';

/** Seconds between polls of a gateway: a console's own upload interval is a minute or more. */
const DEFAULT_POLL_S = 60;
const MIN_POLL_S = 5;

const USAGE = `usage: weather-portal-relay --portal <portal URL> --listen <port> --queue <dir> [options]
  --portal <url>           the portal the uploads go to
  --listen <port>          the port consoles upload to, and GET /status (default 8080)
  --queue <dir>            the queue's directory
  --host <address>         the address to listen on (default: every interface)
  --forward <url>          another destination for every upload (repeatable)
  --max-size <size>        the most the queue may take on disk: bytes, or 64M, 1G (default 64M)
  --poll-ecowitt <address> poll this Ecowitt gateway's live data instead of receiving uploads
  --station-key <key>      with --poll-ecowitt: the station key the portal's Weather Server page shows
  --poll-interval <s>      with --poll-ecowitt: seconds between polls (default ${DEFAULT_POLL_S}, at least ${MIN_POLL_S})
  --help                   this text`;

/** `64M`, `1G`, `500K` or a byte count → bytes. */
export function parseSize(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*([KMG]?)i?B?$/i.exec(text.trim());
  if (!m) return null;
  const unit = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[m[2].toUpperCase() as '' | 'K' | 'M' | 'G'];
  return Math.floor(Number(m[1]) * unit);
}

function options() {
  return parseArgs({
    options: {
      portal: { type: 'string' },
      listen: { type: 'string', default: '8080' },
      host: { type: 'string' },
      queue: { type: 'string' },
      forward: { type: 'string', multiple: true, default: [] },
      'max-size': { type: 'string' },
      'poll-ecowitt': { type: 'string' },
      'station-key': { type: 'string' },
      'poll-interval': { type: 'string', default: String(DEFAULT_POLL_S) },
      help: { type: 'boolean' },
    },
  });
}

async function main() {
  let values: ReturnType<typeof options>['values'];
  try {
    ({ values } = options());
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  const listen = Number(values.listen);
  const maxBytes = values['max-size'] === undefined ? DEFAULT_MAX_BYTES : parseSize(values['max-size']);
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!values.portal || !values.queue || !Number.isInteger(listen) || !maxBytes) {
    console.error(USAGE);
    process.exit(2);
  }
  const gateway = values['poll-ecowitt'];
  const interval = Number(values['poll-interval']);
  if (gateway !== undefined) {
    if (!liveDataUrl(gateway)) {
      console.error(`not a gateway address (an IP address or host name, with a port if not 80): ${gateway}`);
      process.exit(2);
    }
    if (!values['station-key']) {
      console.error('--poll-ecowitt needs --station-key (the Weather Server page shows it)');
      process.exit(2);
    }
    if (!Number.isFinite(interval) || interval < MIN_POLL_S) {
      console.error(`--poll-interval must be a number of seconds, at least ${MIN_POLL_S}`);
      process.exit(2);
    }
  }
  for (const url of [values.portal, ...values.forward])
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
      console.error(`not an http(s) URL: ${url}`);
      process.exit(2);
    }
  const relay = await startRelay({
    portal: values.portal,
    listen,
    host: values.host,
    queue: values.queue,
    forwards: values.forward,
    maxBytes,
    ...(gateway !== undefined
      ? { poll: { gateway, stationKey: values['station-key']!, intervalMs: interval * 1000 } }
      : {}),
  });
  const stop = () => {
    relay.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
