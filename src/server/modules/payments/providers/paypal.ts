import type { PaymentsConfig } from '../../../config';
import { centsToValue, ProviderUnavailable, type PaymentProvider, type ProviderOrderInput, type ProviderOrderState, type WebhookDelivery } from './provider';

/**
 * PayPal Orders v2 over its REST API. The OAuth token is kept until shortly before it expires
 * (one request for it however many calls run at once). Every creation and capture carries a
 * PayPal-Request-Id derived from our order's UUID, so a retry, a parallel capture or the
 * reconciler after a crash gets PayPal's first answer back instead of a second charge.
 */
export type PaypalSettings = NonNullable<PaymentsConfig['paypal']>;

/** A slow PayPal is treated as an unreachable one; the reconciler asks again later. */
const TIMEOUT_MS = 15_000;
/** Renew the token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

interface PaypalCapture {
  id: string;
  status: string;
  amount?: { currency_code: string; value: string };
  status_details?: { reason?: string };
}

interface PaypalOrder {
  id: string;
  status: string;
  purchase_units?: { payments?: { captures?: PaypalCapture[] } }[];
}

interface PaypalError {
  name?: string;
  details?: { issue?: string }[];
}

interface Answer<T> {
  status: number;
  body: T;
}

/** The order's state from PayPal's order resource: the order's status, and the capture's once captured. */
export function orderState(order: PaypalOrder): ProviderOrderState {
  switch (order.status) {
    case 'APPROVED':
      return { state: 'approved' };
    case 'VOIDED':
      return { state: 'voided' };
    case 'COMPLETED': {
      const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
      if (!capture) return { state: 'pending', captureId: null, amount: null };
      const amount = capture.amount ? { value: capture.amount.value, currency: capture.amount.currency_code } : null;
      switch (capture.status) {
        // A refund comes after the money was taken: the purchase itself was completed.
        case 'COMPLETED':
        case 'REFUNDED':
        case 'PARTIALLY_REFUNDED':
          return amount ? { state: 'completed', captureId: capture.id, amount } : { state: 'pending', captureId: capture.id, amount };
        case 'PENDING':
          return { state: 'pending', captureId: capture.id, amount };
        default:
          return { state: 'declined', reason: capture.status_details?.reason ?? capture.status };
      }
    }
    // CREATED, SAVED, PAYER_ACTION_REQUIRED: the buyer has not approved yet.
    default:
      return { state: 'created' };
  }
}

function firstIssue(body: unknown): string {
  const error = body as PaypalError | null;
  return error?.details?.[0]?.issue ?? error?.name ?? 'UNKNOWN';
}

function header(headers: WebhookDelivery['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function createPaypalProvider(settings: PaypalSettings, fetchImpl: typeof fetch = fetch): PaymentProvider {
  let token: { value: string; expires: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new ProviderUnavailable(`PayPal unreachable: ${(err as Error).message}`, { cause: err });
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const res = await send(`${settings.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) throw new ProviderUnavailable(`PayPal token request answered ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expires: Date.now() + body.expires_in * 1000 - TOKEN_MARGIN_MS };
    return body.access_token;
  }

  async function accessToken(): Promise<string> {
    if (token && token.expires > Date.now()) return token.value;
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  async function call<T>(method: 'GET' | 'POST', path: string, opts: { body?: string; requestId?: string } = {}, retried = false): Promise<Answer<T>> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${await accessToken()}`,
      Accept: 'application/json',
      Prefer: 'return=representation',
    };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (opts.requestId) headers['PayPal-Request-Id'] = opts.requestId;
    const res = await send(`${settings.apiBase}${path}`, { method, headers, body: opts.body });
    // A token PayPal revoked before its time: fetch a new one, once.
    if (res.status === 401 && !retried) {
      token = null;
      return call<T>(method, path, opts, true);
    }
    if (res.status >= 500 || res.status === 429) throw new ProviderUnavailable(`PayPal ${method} ${path} answered ${res.status}`);
    const text = await res.text();
    try {
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    } catch {
      throw new ProviderUnavailable(`PayPal ${method} ${path} answered ${res.status} without JSON`);
    }
  }

  async function getOrder(providerOrderId: string): Promise<ProviderOrderState> {
    const res = await call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`);
    if (res.status === 404) return { state: 'unknown' };
    if (res.status !== 200) throw new ProviderUnavailable(`PayPal order lookup answered ${res.status} (${firstIssue(res.body)})`);
    return orderState(res.body);
  }

  return {
    name: 'paypal',

    async createOrder(order: ProviderOrderInput) {
      const body = JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [
          {
            custom_id: order.id,
            description: order.description,
            amount: { currency_code: order.currency, value: centsToValue(order.amountCents) },
          },
        ],
      });
      const res = await call<PaypalOrder>('POST', '/v2/checkout/orders', { body, requestId: order.id });
      if (res.status !== 200 && res.status !== 201) throw new ProviderUnavailable(`PayPal order creation answered ${res.status} (${firstIssue(res.body)})`);
      return { providerOrderId: res.body.id };
    },

    async capture(providerOrderId, requestId) {
      const res = await call<PaypalOrder | PaypalError>('POST', `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}/capture`, { body: '{}', requestId });
      if (res.status === 200 || res.status === 201) return orderState(res.body as PaypalOrder);
      if (res.status === 404) return { state: 'unknown' };
      const issue = firstIssue(res.body);
      switch (issue) {
        // Captured before (another process, an earlier attempt with another request id): read it back.
        case 'ORDER_ALREADY_CAPTURED':
          return getOrder(providerOrderId);
        case 'ORDER_NOT_APPROVED':
          return { state: 'created' };
        case 'ORDER_EXPIRED':
        case 'ORDER_VOIDED':
          return { state: 'voided' };
        default:
          // INSTRUMENT_DECLINED, TRANSACTION_REFUSED and the other refusals of this capture.
          return { state: 'declined', reason: issue };
      }
    },

    getOrder,

    async verifyWebhook({ headers, rawBody }) {
      const fields = {
        auth_algo: header(headers, 'PAYPAL-AUTH-ALGO'),
        cert_url: header(headers, 'PAYPAL-CERT-URL'),
        transmission_id: header(headers, 'PAYPAL-TRANSMISSION-ID'),
        transmission_sig: header(headers, 'PAYPAL-TRANSMISSION-SIG'),
        transmission_time: header(headers, 'PAYPAL-TRANSMISSION-TIME'),
        webhook_id: settings.webhookId,
      };
      if (Object.values(fields).some((v) => !v)) return false;
      // The event goes back byte for byte as it came: PayPal checks the signature over what it
      // sent, and a parsed and re-serialised copy can differ in spacing or number format.
      const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`;
      const res = await call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', { body });
      return res.status === 200 && res.body?.verification_status === 'SUCCESS';
    },
  };
}
