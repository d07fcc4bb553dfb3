// Feathers-shaped errors ({name, message, code, className, data?}) as the real server answers them.
import { HttpResponse } from 'msw';
import { coded, ERRORS, type ErrorCode } from '../src/domain/errors';

const KINDS = {
  400: ['BadRequest', 'bad-request'],
  401: ['NotAuthenticated', 'not-authenticated'],
  402: ['PaymentError', 'payment-error'],
  403: ['Forbidden', 'forbidden'],
  404: ['NotFound', 'not-found'],
  409: ['Conflict', 'conflict'],
  429: ['TooManyRequests', 'too-many-requests'],
} as const;

export type StatusCode = keyof typeof KINDS;

export class MockError extends Error {
  readonly data?: Record<string, unknown>;

  constructor(
    readonly code: StatusCode,
    message: string,
    data?: Record<string, unknown>,
  ) {
    super(message);
    this.data = data;
  }

  toJSON() {
    const [name, className] = KINDS[this.code];
    return {
      name,
      message: this.message,
      code: this.code,
      className,
      ...(this.data ? { data: this.data } : {}),
    };
  }
}

/** A catalogue error with its code in `data.code`, as the server's codedError (server/hooks/error-codes.ts). */
export const codedError = (status: StatusCode, code: ErrorCode, data?: Record<string, unknown>) =>
  new MockError(status, ERRORS[code], coded(code, data));

export const badRequest = (message: string, data?: Record<string, unknown>) =>
  new MockError(400, message, data);
/** Without a message: the catalogue's 'Not authenticated' with its code. */
export const notAuthenticated = (message?: string, data?: Record<string, unknown>) =>
  message === undefined ? codedError(401, 'notAuthenticated', data) : new MockError(401, message, data);
export const forbidden = (message: string) => new MockError(403, message);
export const notFound = (message: string) => new MockError(404, message);
export const conflict = (message: string, data?: Record<string, unknown>) =>
  new MockError(409, message, data);

/** Runs a handler body; a MockError becomes its Feathers JSON answer. */
export async function answer(run: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof MockError) return HttpResponse.json(error.toJSON(), { status: error.code });
    throw error;
  }
}
