// `npm run relay -- --portal <portal URL> --listen <port> --queue <dir> [--forward <url>]… [--max-size 64M]`
// (relay/README.md). Runs until SIGINT/SIGTERM, then closes the queue's files.
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_BYTES, startRelay } from './relay';

const USAGE =
  'usage: npm run relay -- --portal <portal URL> --listen <port> --queue <dir> [--forward <url>]… [--host <address>] [--max-size <bytes, or 64M, 1G>]';

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
  if (values.help || !values.portal || !values.queue || !Number.isInteger(listen) || !maxBytes) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
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
