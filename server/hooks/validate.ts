// Small input readers that turn bad input into a 400 with a clear message (never a 500): src/domain/readers.ts
// with Feathers' BadRequest.
import { BadRequest } from '@feathersjs/errors';
import { inputReaders } from '../../src/domain/readers';

export const readers = inputReaders((message, data) => new BadRequest(message, data));
export const { asObject, str, num, bool, idList, id } = readers;
