// The README's "Point your console at it" table, written from the descriptors: protocols.test.ts fails when the
// README's table (between its protocol-table markers) differs, and prints this one to paste.
import type { SetupContext } from './descriptor';
import { PROTOCOL_LIST } from './index';

/** The README's example server and station, as its text around the table names them. */
export const README_STATION: SetupContext = {
  serverName: 'your-server:8080',
  host: 'your-server',
  port: '8080',
  scheme: 'http',
  stationId: '<Station ID>',
  stationKey: '<Station key>',
  mac: null,
  macAuth: false,
};

export const README_TABLE_START = '<!-- protocol table: written from server/ingest/protocols (readme.ts) -->';
export const README_TABLE_END = '<!-- end of protocol table -->';

/**
 * The table, one row per protocol in the registry's order, its columns padded as the repository's formatter
 * pads Markdown tables (so formatting the README leaves it as written).
 */
export function readmeTable(): string {
  const rows = PROTOCOL_LIST.map((info) => {
    const settings = info
      .setup(README_STATION)
      .settings.map(([name, value]) => `${name} \`${value}\``)
      .join(', ');
    const note = info.readmeNote ? ` ${info.readmeNote}` : '';
    const kind = info.kind === 'console' ? 'console' : 'station software';
    return [`**${info.label}** (${kind})`, info.senders, `${settings}.${note}`];
  });
  const header = ['Protocol', 'Sent by', 'Settings'];
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
