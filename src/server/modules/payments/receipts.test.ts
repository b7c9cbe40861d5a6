import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { featuredReceipt } from '../../../common/schemas/payments.testing';
import { describeEachEngine, useTestApp } from '../../test/app';
import { expectToContainAll } from '../../test/expect-text';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, makeAdmin } from '../../test/listing-factories';
import { readPdf } from '../../test/pdf';
import { assignReceipt, formatReceiptNumber, vatContained } from './receipts';
import { completeOrder, insertCompletedOrder, insertOrder } from './receipts.testing';

const RECEIPT_KEYS = [
  'amountCents', 'buyer', 'currency', 'description', 'id', 'issuedAt', 'language', 'number', 'productType', 'provider',
  'providerOrderId', 'seller', 'test', 'vatCents', 'vatRate',
];

// The app sells as the seller of the sample receipt, so a receipt it issues can be checked against that one.
const { seller } = featuredReceipt();
const SELLER = {
  INVOICE_SELLER_NAME: seller.name,
  INVOICE_SELLER_ADDRESS: seller.address,
  INVOICE_VAT_ID: seller.vatId ?? '',
  INVOICE_VAT_RATE: '19',
};

describe('receipt arithmetic', () => {
  it('numbers receipts YYYY-NNNNNN', () => {
    expect(formatReceiptNumber(2026, 1)).toBe('2026-000001');
    expect(formatReceiptNumber(2027, 123456)).toBe('2027-123456');
  });

  it('takes the VAT out of the gross amount, rounded to the cent', () => {
    expect(vatContained(1990, 19)).toBe(318);
    expect(vatContained(990, 19)).toBe(158);
    expect(vatContained(1490, 19)).toBe(238);
    expect(vatContained(1990, 7)).toBe(130);
    expect(vatContained(1990, 0)).toBe(0);
  });
});

describeEachEngine('receipts', (engine) => {
  const t = useTestApp(engine, undefined, SELLER);

  describe('numbers and snapshots', () => {
    let buyer: TestUser;
    beforeAll(async () => {
      buyer = await createArtist(t.app);
    });

    it('numbers per year from 1, snapshots buyer and seller, and keeps a number once given', async () => {
      // Years no other test of this file uses, so the counts are exact.
      const first = await insertCompletedOrder(t.app, buyer, { completedAt: '2030-03-01T10:00:00.000Z' });
      const second = await insertCompletedOrder(t.app, buyer, { completedAt: '2030-12-31T23:59:59.000Z' });
      const nextYear = await insertCompletedOrder(t.app, buyer, { completedAt: '2031-01-01T00:00:00.000Z' });
      expect([first.number, second.number, nextYear.number]).toEqual(['2030-000001', '2030-000002', '2031-000001']);

      // A second call for the same order costs no number.
      expect(await completeOrder(t.app, first.id, '2030-03-02T10:00:00.000Z')).toBe('2030-000001');
      expect(await insertCompletedOrder(t.app, buyer, { completedAt: '2030-06-01T10:00:00.000Z' })).toMatchObject({ number: '2030-000003' });

      const row = await t.app.ctx.db.selectFrom('payment_orders').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
      expect(JSON.parse(row.buyer_snapshot as string)).toEqual({ name: buyer.user.name, email: buyer.email, username: buyer.user.username });
      expect(JSON.parse(row.seller_snapshot as string)).toEqual({
        name: 'Tinte & Nadel GmbH',
        address: 'Hauptstraße 5, 10115 Berlin, Deutschland',
        vatId: 'DE999999999',
        vatRate: 19,
      });
    });

    it('takes the number back when the completion rolls back, leaving no gap', async () => {
      const id = await insertOrder(t.app, buyer, { status: 'capturing' });
      await expect(
        t.app.ctx.db.transaction().execute(async (trx) => {
          expect(await assignReceipt(trx, id, '2032-05-05T10:00:00.000Z', t.config.payments.invoice)).toBe('2032-000001');
          throw new Error('the provider said no after all');
        }),
      ).rejects.toThrow('the provider said no');
      const row = await t.app.ctx.db.selectFrom('payment_orders').select(['receipt_number', 'buyer_snapshot']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ receipt_number: null, buyer_snapshot: null });
      expect(await completeOrder(t.app, id, '2032-05-05T11:00:00.000Z')).toBe('2032-000001');
    });

    it('gives 50 orders completing in parallel the numbers 1 to 50, none twice, none missing', async () => {
      const ids = await Promise.all(Array.from({ length: 50 }, () => insertOrder(t.app, buyer, { status: 'capturing' })));
      const numbers = await Promise.all(ids.map((id, i) => completeOrder(t.app, id, `2033-07-01T10:00:${String(i % 60).padStart(2, '0')}.000Z`)));
      const expected = Array.from({ length: 50 }, (_, i) => formatReceiptNumber(2033, i + 1));
      expect([...numbers].sort()).toEqual(expected);
      const stored = await t.app.ctx.db.selectFrom('payment_orders').select('receipt_number').where('id', 'in', ids).execute();
      expect(stored.map((r) => r.receipt_number).sort()).toEqual(expected);
      const counter = await t.app.ctx.db.selectFrom('receipt_counters').selectAll().where('year', '=', 2033).executeTakeFirstOrThrow();
      expect(counter.last_number).toBe(50);
    });
  });

  describe('reading a receipt', () => {
    let buyer: TestUser;
    let other: TestUser;
    let admin: TestUser;
    let order: { id: string; number: string };
    let pendingId: string;
    beforeAll(async () => {
      [buyer, other, admin] = [await createArtist(t.app), await createStudio(t.app), await makeAdmin(t.app, await createArtist(t.app))];
      order = await insertCompletedOrder(t.app, buyer, { language: 'de', providerOrderId: 'TESTORDER-42', completedAt: '2034-02-03T12:00:00.000Z' });
      pendingId = await insertOrder(t.app, buyer, { status: 'pending' });
    });

    it('shows the buyer the receipt as data, product in the request’s language, not cached', async () => {
      const res = await call(t.app, 'GET', `/api/payments/${order.id}/receipt`, { as: buyer, lang: 'de' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const { success, receipt } = res.json();
      expect(success).toBe(true);
      expect(Object.keys(receipt).sort()).toEqual(RECEIPT_KEYS);
      expect(receipt).toEqual(
        featuredReceipt({
          id: order.id,
          number: '2034-000001',
          issuedAt: '2034-02-03T12:00:00.000Z',
          buyer: { name: buyer.user.name, email: buyer.email, username: buyer.user.username },
          providerOrderId: 'TESTORDER-42',
        }),
      );
      const english = await call(t.app, 'GET', `/api/payments/${order.id}/receipt`, { as: buyer, lang: 'en' });
      expect(english.json().receipt.description).toBe('Featured artist (14 days)');
    });

    it('lets an admin read it, and answers anyone else 404, a visitor 401 and a malformed id 400', async () => {
      expect((await call(t.app, 'GET', `/api/payments/${order.id}/receipt`, { as: admin })).statusCode).toBe(200);
      expect((await call(t.app, 'GET', `/api/payments/${order.id}/receipt.pdf`, { as: admin })).statusCode).toBe(200);

      for (const suffix of ['receipt', 'receipt.pdf']) {
        const stranger = await call(t.app, 'GET', `/api/payments/${order.id}/${suffix}`, { as: other });
        expect(stranger.statusCode, suffix).toBe(404);
        expect(stranger.json()).toMatchObject({ success: false, code: 'paymentReceiptNotFound', error: 'There is no receipt for this payment.' });
        expect((await call(t.app, 'GET', `/api/payments/${order.id}/${suffix}`, { as: null })).statusCode, suffix).toBe(401);
        const malformed = await call(t.app, 'GET', `/api/payments/not-a-uuid/${suffix}`, { as: buyer, lang: 'de' });
        expect(malformed.statusCode, suffix).toBe(400);
        expect(malformed.json()).toMatchObject({ code: 'paymentIdInvalid', error: 'Das ist keine gültige Zahlungs-ID.' });
        expect((await call(t.app, 'GET', `/api/payments/3f0c1c7e-5a51-4a0e-9d7e-2f4b7a1d0c99/${suffix}`, { as: admin })).statusCode, suffix).toBe(404);
      }
    });

    it('has no receipt for an order that is not completed, not even for the buyer or an admin', async () => {
      for (const as of [buyer, admin]) {
        expect((await call(t.app, 'GET', `/api/payments/${pendingId}/receipt`, { as })).statusCode).toBe(404);
        expect((await call(t.app, 'GET', `/api/payments/${pendingId}/receipt.pdf`, { as })).statusCode).toBe(404);
      }
    });

    it('serves the PDF as a download named after its number, in the order’s language', async () => {
      const res = await call(t.app, 'GET', `/api/payments/${order.id}/receipt.pdf`, { as: buyer, lang: 'en' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="Rechnung-2034-000001.pdf"');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const { text } = await readPdf(res.rawPayload);
      expectToContainAll(text, ['2034-000001', 'Rechnung', '19,90 €', 'Darin enthalten 19 % USt.: 3,18 €', 'TESTORDER-42', 'TEST: no payment made']);
    });

    it('keeps the receipt and its buyer when the account is deleted', async () => {
      const leaving = await createArtist(t.app);
      await t.app.ctx.db.updateTable('users').set({ name: 'Юлия Смирнова' }).where('id', '=', leaving.user.id).execute();
      const bought = await insertCompletedOrder(t.app, leaving, { provider: 'paypal', providerOrderId: '5O190127TN364715T', language: 'en' });
      const deleted = await call(t.app, 'DELETE', '/api/profile/account', { as: leaving, payload: { password: leaving.password } });
      expect(deleted.statusCode).toBe(200);

      const row = await t.app.ctx.db.selectFrom('payment_orders').select(['user_id', 'receipt_number']).where('id', '=', bought.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ user_id: null, receipt_number: bought.number });
      const res = await call(t.app, 'GET', `/api/payments/${bought.id}/receipt`, { as: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json().receipt).toMatchObject({ buyer: { name: 'Юлия Смирнова', email: leaving.email, username: leaving.user.username }, provider: 'paypal', test: false });
      const pdf = await call(t.app, 'GET', `/api/payments/${bought.id}/receipt.pdf`, { as: admin });
      const { text } = await readPdf(pdf.rawPayload);
      expect(text).toContain('Юлия Смирнова');
      expect(text).not.toContain('TEST');
    });
  });

  describe('the receipt mail', () => {
    const mailsTo = (email: string) => {
      const dir = path.join(t.config.dataDir, 'mail');
      const local = email.split('@')[0] as string;
      return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml') && f.includes(local)).map((f) => readFileSync(path.join(dir, f), 'utf8')) : [];
    };

    it('mails the buyer in the order’s language with the PDF attached', async () => {
      const buyer = await createArtist(t.app);
      await t.app.ctx.db.updateTable('users').set({ name: 'Łukasz Żółć' }).where('id', '=', buyer.user.id).execute();
      const order = await insertCompletedOrder(t.app, buyer, { productType: 'instagram_reel', language: 'de', completedAt: '2035-04-01T09:00:00.000Z' });
      expect(await t.app.services.receipts.mailReceipt(order.id)).toBe(true);

      const mails = mailsTo(buyer.email);
      expect(mails).toHaveLength(1);
      const mail = mails[0] as string;
      expect(mail).toMatch(/^To: .*$/m);
      expect(mail).toContain('Content-Type: application/pdf');
      expect(mail).toMatch(/Content-Disposition: attachment;\s+filename=Rechnung-2035-000001\.pdf/);
      // The text part is quoted-printable or base64 depending on its characters; the subject is encoded.
      const body = decodeTextPart(mail).replace(/[\u00a0\u202f]/g, ' ');
      expect(body).toContain('Hallo Łukasz Żółć');
      expect(body).toContain('Reel-Promotion für 14,90 €');
      expect(body).toContain('Das war ein Testkauf');
      expect(body).toContain('http://localhost:3000/de/dashboard');

      const { text } = await readPdf(attachment(mail));
      expectToContainAll(text, ['2035-000001', 'Łukasz Żółć', '14,90 €', 'Darin enthalten 19 % USt.: 2,38 €']);
    });

    it('sends nothing for an order without a receipt', async () => {
      const buyer = await createArtist(t.app);
      const id = await insertOrder(t.app, buyer, { status: 'failed' });
      expect(await t.app.services.receipts.mailReceipt(id)).toBe(false);
      expect(mailsTo(buyer.email)).toEqual([]);
    });
  });
});

/** The first MIME part of type text/plain, decoded. */
function decodeTextPart(mail: string): string {
  const match = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*?Content-Transfer-Encoding: ([\w-]+)\n\n([\s\S]*?)\n--/.exec(mail);
  if (!match) throw new Error('no text part');
  const [, encoding, content] = match as unknown as [string, string, string];
  if (encoding === 'base64') return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = content.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return content;
}

/** The PDF attached to a mail. */
function attachment(mail: string): Buffer {
  const match = /Content-Type: application\/pdf[^\n]*\n(?:[^\n]+\n)*?\n([A-Za-z0-9+/=\n]+)\n--/.exec(mail);
  if (!match) throw new Error('no PDF attachment');
  return Buffer.from((match[1] as string).replace(/\s+/g, ''), 'base64');
}
