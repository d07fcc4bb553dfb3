// 24-hex ids shaped like the ObjectIds existing clients already handle: time-ordered, unguessable enough.
import { randomBytes } from 'node:crypto';

let counter = randomBytes(3).readUIntBE(0, 3);
const machine = randomBytes(5).toString('hex');

export function objectId(now = Date.now()): string {
  counter = (counter + 1) % 0xffffff;
  const time = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  return time + machine + counter.toString(16).padStart(6, '0');
}

/** A station ID a person can type into a console: letters and digits, no look-alikes. */
export function stationId(length = 10): string {
  return pick('abcdefghjkmnpqrstuvwxyz23456789', length);
}

/** A station key (console password). */
export function stationKey(length = 16): string {
  return pick('ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789', length);
}

function pick(alphabet: string, length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[bytes[i] % alphabet.length];
  return out;
}
