import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for PayPal's REST API (the parts the payments module calls): the OAuth
 * token, Orders v2 create / get / capture with PayPal-Request-Id idempotency, and the webhook
 * signature check. Tests point PAYPAL_API_BASE at it and steer its answers per scenario; the
 * buyer's approval, which happens in PayPal's window, is `approve(id)`.
 */
export type CaptureOutcome = 'COMPLETED' | 'PENDING' | 'DECLINED' | 'ALREADY_CAPTURED' | 'UNAVAILABLE';

interface Money {
  currency_code: string;
  value: string;
}

export interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  customId: string | undefined;
  amount: Money;
  capture?: { id: string; status: string; amount: Money; status_details?: { reason: string } };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface PaypalFake {
  url: string;
  /** How the next first capture of an approved order ends. */
  captureOutcome: CaptureOutcome;
  /** What the signature check answers. */
  verification: 'SUCCESS' | 'FAILURE';
  /** Captures this amount instead of the order's (a provider-side mismatch). */
  captureAmount: Money | null;
  orders: Map<string, FakeOrder>;
  requests: RecordedRequest[];
  tokensIssued: number;
  approve(id: string): void;
  /** A held capture clears, as before PayPal's PAYMENT.CAPTURE.COMPLETED webhook. */
  settlePending(id: string): void;
  /** The order the fake made for our order id (its custom_id). */
  orderFor(customId: string): FakeOrder | undefined;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const newId = (n = 17) => randomBytes(n).toString('hex').toUpperCase().slice(0, n);

export async function startPaypalFake(): Promise<PaypalFake> {
  const tokens = new Set<string>();
  // PayPal answers a repeated PayPal-Request-Id with its first answer.
  const byRequestId = new Map<string, { status: number; body: unknown }>();

  function present(order: FakeOrder) {
    return {
      id: order.id,
      status: order.status,
      intent: 'CAPTURE',
      purchase_units: [
        {
          custom_id: order.customId,
          amount: order.amount,
          ...(order.capture ? { payments: { captures: [{ ...order.capture, custom_id: order.customId }] } } : {}),
        },
      ],
      links: [{ rel: 'approve', href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`, method: 'GET' }],
    };
  }

  const unprocessable = (issue: string) => ({ status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue }] } });

  function capture(order: FakeOrder): { status: number; body: unknown } {
    if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED');
    const amount = fake.captureAmount ?? order.amount;
    switch (fake.captureOutcome) {
      case 'UNAVAILABLE':
        return { status: 503, body: { name: 'SERVICE_UNAVAILABLE' } };
      case 'DECLINED':
        order.status = 'COMPLETED';
        order.capture = { id: newId(), status: 'DECLINED', amount, status_details: { reason: 'DECLINED_BY_RISK_FRAUD_FILTERS' } };
        return { status: 201, body: present(order) };
      case 'PENDING':
        order.status = 'COMPLETED';
        order.capture = { id: newId(), status: 'PENDING', amount, status_details: { reason: 'PENDING_REVIEW' } };
        return { status: 201, body: present(order) };
      case 'ALREADY_CAPTURED':
        // Someone captured it before with another request id: the money is taken, this call is refused.
        order.status = 'COMPLETED';
        order.capture = { id: newId(), status: 'COMPLETED', amount };
        return unprocessable('ORDER_ALREADY_CAPTURED');
      default:
        order.status = 'COMPLETED';
        order.capture = { id: newId(), status: 'COMPLETED', amount };
        return { status: 201, body: present(order) };
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };

    if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') {
      if (!req.headers.authorization?.startsWith('Basic ') || !body.includes('grant_type=client_credentials')) return send(401, { error: 'invalid_client' });
      const token = `A21-fake-${newId(24)}`;
      tokens.add(token);
      fake.tokensIssued++;
      return send(200, { access_token: token, token_type: 'Bearer', expires_in: 32400 });
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer)) return send(401, { name: 'AUTHENTICATION_FAILURE' });

    if (req.method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature') {
      const input = JSON.parse(body) as Record<string, unknown>;
      const complete = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'].every((k) => input[k]);
      if (!complete) return send(400, { name: 'VALIDATION_ERROR' });
      return send(200, { verification_status: fake.verification });
    }

    const requestId = typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : undefined;
    if (req.method === 'POST' && url.pathname === '/v2/checkout/orders') {
      const key = requestId ? `create:${requestId}` : undefined;
      const seen = key ? byRequestId.get(key) : undefined;
      if (seen) return send(seen.status, seen.body);
      const input = JSON.parse(body) as { intent: string; purchase_units: { custom_id?: string; amount: Money }[] };
      const unit = input.purchase_units[0];
      if (input.intent !== 'CAPTURE' || !unit) return send(400, { name: 'INVALID_REQUEST' });
      const order: FakeOrder = { id: newId(), status: 'CREATED', customId: unit.custom_id, amount: unit.amount };
      fake.orders.set(order.id, order);
      const answer = { status: 201, body: present(order) };
      if (key) byRequestId.set(key, answer);
      return send(answer.status, answer.body);
    }

    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(url.pathname);
    const order = match ? fake.orders.get(decodeURIComponent(match[1] as string)) : undefined;
    if (match && !order) return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
    if (order && req.method === 'GET' && !match?.[2]) return send(200, present(order));
    if (order && req.method === 'POST' && match?.[2]) {
      const key = requestId ? `capture:${order.id}:${requestId}` : undefined;
      const seen = key ? byRequestId.get(key) : undefined;
      if (seen) return send(seen.status, seen.body);
      const answer = capture(order);
      if (key && answer.status < 500) byRequestId.set(key, answer);
      return send(answer.status, answer.body);
    }
    return send(404, { name: 'NOT_FOUND' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: String(err) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: PaypalFake = {
    url: `http://127.0.0.1:${port}`,
    captureOutcome: 'COMPLETED',
    verification: 'SUCCESS',
    captureAmount: null,
    orders: new Map(),
    requests: [],
    tokensIssued: 0,
    approve(id) {
      const order = fake.orders.get(id);
      if (!order || order.status !== 'CREATED') throw new Error(`cannot approve ${id}`);
      order.status = 'APPROVED';
    },
    settlePending(id) {
      const order = fake.orders.get(id);
      if (order?.capture?.status !== 'PENDING') throw new Error(`no pending capture on ${id}`);
      order.capture = { id: order.capture.id, status: 'COMPLETED', amount: order.capture.amount };
    },
    orderFor: (customId) => [...fake.orders.values()].find((o) => o.customId === customId),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return fake;
}
