// The home relay's one-line command (relay/README.md) as the Weather Server page shows it: run from the
// portal's repository on a computer of the station's home network.

/** The port the page suggests for the relay (the console's "Port" then), and its queue directory. */
export const RELAY_PORT = 8080;
export const RELAY_QUEUE_DIR = '/var/lib/weather-relay';

/** A word as one shell argument: as it is when plain, else in single quotes. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** `npm run relay -- --portal <portal> --listen <port> --queue <dir>`. */
export function relayCommand(portal: string, port = RELAY_PORT, queue = RELAY_QUEUE_DIR): string {
  return `npm run relay -- --portal ${shellWord(portal)} --listen ${port} --queue ${shellWord(queue)}`;
}
