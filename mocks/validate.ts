// Input readers with the real server's 400 messages: the same src/domain/readers.ts, with the mocks' errors.
import { inputReaders } from '../src/domain/readers';
import { badRequest } from './errors';

type Data = Record<string, unknown>;

export const readers = inputReaders(badRequest);
export const { asObject, str, num, bool, idList } = readers;

/** The `$paginate=false` switch of the settings services. */
export const unpaginated = (query: Data) => query.$paginate === 'false' || query.$paginate === false;
