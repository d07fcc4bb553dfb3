// The 16 compass points in the reader's language (issue 33: "Wind aus ENE"; in Czech "S" is north). The domain
// names a point in English letters (units.ts compassPoint); the words are here, with a context, since "E", "S"
// and "W" are also other words.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const POINT_WORDS: Record<string, MessageDescriptor> = {
  N: msg({ message: 'N', context: 'compass point: north' }),
  NNE: msg({ message: 'NNE', context: 'compass point: north-north-east' }),
  NE: msg({ message: 'NE', context: 'compass point: north-east' }),
  ENE: msg({ message: 'ENE', context: 'compass point: east-north-east' }),
  E: msg({ message: 'E', context: 'compass point: east' }),
  ESE: msg({ message: 'ESE', context: 'compass point: east-south-east' }),
  SE: msg({ message: 'SE', context: 'compass point: south-east' }),
  SSE: msg({ message: 'SSE', context: 'compass point: south-south-east' }),
  S: msg({ message: 'S', context: 'compass point: south' }),
  SSW: msg({ message: 'SSW', context: 'compass point: south-south-west' }),
  SW: msg({ message: 'SW', context: 'compass point: south-west' }),
  WSW: msg({ message: 'WSW', context: 'compass point: west-south-west' }),
  W: msg({ message: 'W', context: 'compass point: west' }),
  WNW: msg({ message: 'WNW', context: 'compass point: west-north-west' }),
  NW: msg({ message: 'NW', context: 'compass point: north-west' }),
  NNW: msg({ message: 'NNW', context: 'compass point: north-north-west' }),
};

/** A compass point ('NNE') in the active language; other text unchanged. */
export function compassWord(point: string): string {
  const word = POINT_WORDS[point];
  return word ? i18n._(word) : point;
}
