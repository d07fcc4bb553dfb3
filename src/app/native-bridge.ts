// The native-app bridge (spec §1): an app that embeds the portal (its web view's page holds the portal in an
// iframe) talks to it through the parent window's message channel. Both sides use the same five words:
// - call: ask the other side to run a method; answered by one `reply` (result or error) with the call's id;
// - on / off: offer a method to the other side, or withdraw it (a call of a method not offered is answered with
//   the error `unknown-method`);
// - callback: further messages for a call still open, with its id (e.g. each route change after `route.watch`).
// Messages: { bridge: 'weather-portal', type: 'call' | 'reply' | 'callback', id, method?, params?, result?,
// error?: { code, message }, data? }. The app is recognised by its user-agent marker `WeatherPortalApp/<version>`.

export const BRIDGE = 'weather-portal';
export const UA_MARKER = 'WeatherPortalApp';
/** How long a call waits for its reply by default. */
export const CALL_TIMEOUT_MS = 10_000;

/** The embedding app's version from the user agent (`WeatherPortalApp/2.3.0`), or null in a browser. */
export function nativeAppVersion(userAgent: string): string | null {
  return new RegExp(`\\b${UA_MARKER}/(\\d+(?:\\.\\d+){0,3})\\b`).exec(userAgent)?.[1] ?? null;
}

export type BridgeErrorCode = 'unknown-method' | 'timeout' | 'closed' | 'bad-params' | 'failed';

export class BridgeError extends Error {
  constructor(
    readonly code: BridgeErrorCode | string,
    message: string,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

export interface BridgeMessage {
  bridge: typeof BRIDGE;
  type: 'call' | 'reply' | 'callback';
  id: string;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: string; message: string };
  data?: unknown;
}

/** What a method offered with `on` gets besides its parameters. */
export interface CallContext {
  /** Sends a `callback` message for this call (before or after its reply). */
  callback(data: unknown): void;
}

export type Handler = (params: unknown, call: CallContext) => unknown;

/** The other side: where messages go, and where they come from. */
export interface Endpoint {
  post(message: BridgeMessage): void;
  listen(receive: (message: unknown) => void): () => void;
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: BridgeError): void;
  onCallback?: (data: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
}

const isMessage = (m: unknown): m is BridgeMessage => {
  const x = m as Partial<BridgeMessage> | null;
  return (
    !!x &&
    typeof x === 'object' &&
    x.bridge === BRIDGE &&
    typeof x.id === 'string' &&
    x.id.length <= 100 &&
    (x.type === 'call' || x.type === 'reply' || x.type === 'callback')
  );
};

export class Bridge {
  private readonly handlers = new Map<string, Handler>();
  private readonly pending = new Map<string, Pending>();
  private readonly stopListening: () => void;
  private next = 0;

  constructor(
    private readonly endpoint: Endpoint,
    private readonly idPrefix = 'page',
  ) {
    this.stopListening = endpoint.listen((m) => this.receive(m));
  }

  /** Runs `method` on the other side; resolves with its result, rejects with a BridgeError. */
  call(
    method: string,
    params?: unknown,
    {
      timeoutMs = CALL_TIMEOUT_MS,
      onCallback,
    }: { timeoutMs?: number; onCallback?: (data: unknown) => void } = {},
  ): Promise<unknown> {
    const id = `${this.idPrefix}-${++this.next}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new BridgeError('timeout', `${method}: no reply in ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, onCallback, timer });
      this.endpoint.post({ bridge: BRIDGE, type: 'call', id, method, params });
    });
  }

  /** Offers `method` to the other side (replacing an earlier handler); returns its `off`. */
  on(method: string, handler: Handler): () => void {
    this.handlers.set(method, handler);
    return () => this.off(method, handler);
  }

  /** Withdraws `method` (only `handler`'s, when given: a newer handler stays). */
  off(method: string, handler?: Handler): void {
    if (!handler || this.handlers.get(method) === handler) this.handlers.delete(method);
  }

  /** The methods offered now. */
  methods(): string[] {
    return [...this.handlers.keys()];
  }

  /** Stops listening, withdraws every method and fails the calls still waiting. */
  close(): void {
    this.stopListening();
    this.handlers.clear();
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new BridgeError('closed', `the bridge closed before ${id} was answered`));
    }
    this.pending.clear();
  }

  private reply(id: string, answer: { result?: unknown; error?: { code: string; message: string } }) {
    this.endpoint.post({ bridge: BRIDGE, type: 'reply', id, ...answer });
  }

  private receive(message: unknown): void {
    if (!isMessage(message)) return;
    const { id } = message;
    if (message.type === 'reply') {
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      clearTimeout(p.timer);
      if (message.error) p.reject(new BridgeError(String(message.error.code), String(message.error.message)));
      else p.resolve(message.result);
    } else if (message.type === 'callback') {
      this.pending.get(id)?.onCallback?.(message.data);
    } else {
      const method = typeof message.method === 'string' ? message.method : '';
      const handler = this.handlers.get(method);
      if (!handler) {
        this.reply(id, { error: { code: 'unknown-method', message: `No method ${method}` } });
        return;
      }
      const context: CallContext = {
        callback: (data) => this.endpoint.post({ bridge: BRIDGE, type: 'callback', id, data }),
      };
      Promise.resolve()
        .then(() => handler(message.params, context))
        .then(
          (result) => this.reply(id, { result }),
          (e: unknown) => {
            const code = e instanceof BridgeError ? e.code : 'failed';
            this.reply(id, { error: { code, message: e instanceof Error ? e.message : String(e) } });
          },
        );
    }
  }
}

/**
 * The parent window as the endpoint: messages go to it only (its origin when the browser tells it), and only its
 * messages are read. Which parents may embed the portal at all is the server's EMBED_ORIGINS (frame-ancestors).
 */
export function parentEndpoint(win: Window = window): Endpoint {
  const parent = win.parent;
  const ancestors = (win.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  const origin = ancestors?.[0] ?? (win.document.referrer ? new URL(win.document.referrer).origin : '*');
  return {
    post: (message) => parent.postMessage(message, origin),
    listen(receive) {
      const onMessage = (e: MessageEvent) => {
        if (e.source === parent && (origin === '*' || e.origin === origin)) receive(e.data);
      };
      win.addEventListener('message', onMessage);
      return () => win.removeEventListener('message', onMessage);
    },
  };
}
