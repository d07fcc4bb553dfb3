// One error shape across the comlink boundary and the REST caller: the UI shows `message`, logic reads `code`.
// Feathers errors carry { name, message, code }; socket.io timeouts and fetch failures do not, so normalise here.

export interface PortalError {
  name: string;
  message: string;
  /** HTTP-like status; 0 = network (offline, DNS, reset), 408 = timed out. */
  code: number;
  data?: unknown;
}

export class ApiError extends Error implements PortalError {
  code: number;
  data?: unknown;
  constructor(message: string, code: number, name = 'GeneralError', data?: unknown) {
    super(message);
    this.name = name;
    this.code = code;
    this.data = data;
  }
}

/** Turn anything thrown by Feathers, socket.io or fetch into an ApiError (structured-clonable fields). */
export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (e && typeof e === 'object') {
    const o = e as { name?: unknown; message?: unknown; code?: unknown; status?: unknown; data?: unknown };
    const message = typeof o.message === 'string' && o.message ? o.message : 'Unknown error';
    let code = typeof o.code === 'number' ? o.code : typeof o.status === 'number' ? o.status : undefined;
    // socket.io ack timeout ('operation has timed out') and our own call timeout
    if (code === undefined && /timed? ?out/i.test(message)) code = 408;
    // fetch: TypeError('Failed to fetch' | 'fetch failed'); socket: 'xhr poll error', 'websocket error'
    if (
      code === undefined &&
      (e instanceof TypeError || /network|fetch|socket|xhr|ECONNREFUSED/i.test(message))
    )
      code = 0;
    return new ApiError(message, code ?? 500, typeof o.name === 'string' ? o.name : 'GeneralError', o.data);
  }
  return new ApiError(String(e), 500);
}

export const isNotAuthenticated = (e: unknown): boolean => {
  const err = toApiError(e);
  return err.code === 401 || err.name === 'NotAuthenticated';
};

/** Worth retrying later (offline, timeout, rate limit, server error) as opposed to a final client error. */
export const isTransient = (e: unknown): boolean => {
  const { code } = toApiError(e);
  return code === 0 || code === 408 || code === 429 || code >= 500;
};

/** Plain object for postMessage/comlink (Error subclasses lose their own fields when cloned). */
export const plainError = (e: unknown): PortalError => {
  const err = toApiError(e);
  return { name: err.name, message: err.message, code: err.code, data: err.data };
};
