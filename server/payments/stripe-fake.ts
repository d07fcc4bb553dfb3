// Test helper: a local HTTP fake of the Stripe endpoints the provider calls (the SDK is pointed at it through
// its host/port/protocol options): PaymentIntents create/retrieve/cancel and refunds, with Stripe's idempotency
// keys honoured. Tests set an intent's state as Stripe would after the browser confirmed it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  last_payment_error: { message: string } | null;
}

export interface StripeFake {
  port: number;
  intents: Map<string, FakeIntent>;
  refunds: { id: string; payment_intent: string; amount: number }[];
  requests: {
    method: string;
    path: string;
    body: Record<string, string>;
    idempotencyKey?: string;
    auth?: string;
  }[];
  close(): Promise<void>;
}

export async function startStripeFake(): Promise<StripeFake> {
  const intents = new Map<string, FakeIntent>();
  const refunds: StripeFake['refunds'] = [];
  const requests: StripeFake['requests'] = [];
  const replies = new Map<string, unknown>();
  let n = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body = Object.fromEntries(new URLSearchParams(raw));
      const path = (req.url ?? '').split('?')[0];
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({
        method: req.method ?? '',
        path,
        body,
        idempotencyKey,
        auth: req.headers.authorization,
      });
      const send = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
        res.end(JSON.stringify(data));
      };
      const key = idempotencyKey ? `${req.method} ${path} ${idempotencyKey}` : null;
      if (key && replies.has(key)) return send(200, replies.get(key));
      const ok = (data: unknown) => {
        if (key) replies.set(key, data);
        send(200, data);
      };
      const missing = () =>
        send(404, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${path}'` } });
      const read = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const id = `pi_fake${++n}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(body)) {
          const mk = /^metadata\[(.+)\]$/.exec(k);
          if (mk) metadata[mk[1]] = v;
        }
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(body.amount),
          amount_received: 0,
          currency: body.currency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${n}`,
          metadata,
          description: body.description ?? null,
          last_payment_error: null,
        };
        intents.set(id, intent);
        return ok(intent);
      }
      if (read && req.method === 'GET') {
        const intent = intents.get(read[1]);
        return intent ? send(200, intent) : missing();
      }
      if (cancel && req.method === 'POST') {
        const intent = intents.get(cancel[1]);
        if (!intent) return missing();
        if (intent.status === 'succeeded')
          return send(400, {
            error: { type: 'invalid_request_error', message: 'This PaymentIntent has succeeded' },
          });
        intent.status = 'canceled';
        return ok(intent);
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const intent = intents.get(body.payment_intent);
        if (intent?.status !== 'succeeded')
          return send(400, { error: { type: 'invalid_request_error', message: 'Nothing to refund' } });
        const refund = {
          id: `re_fake${++n}`,
          object: 'refund',
          payment_intent: intent.id,
          amount: Number(body.amount),
          status: 'succeeded',
        };
        refunds.push(refund);
        return ok(refund);
      }
      send(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${path})`,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    intents,
    refunds,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
