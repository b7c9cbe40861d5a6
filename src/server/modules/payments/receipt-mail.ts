import { formatMoney } from '../../../common/format';
import type { Language } from '../../../common/languages';
import { pathTo } from '../../../common/routes';
import type { Receipt } from '../../../common/schemas/payments';
import type { Config } from '../../config';
import { t } from '../../i18n';
import type { Mail } from '../../lib/mail/index';
import { receiptFileName } from './receipt-pdf';

/** The receipt mail to the buyer, in `lang`, with the PDF attached and a link to the payment history. */
export function composeReceiptMail(config: Pick<Config, 'publicUrl'>, receipt: Receipt, lang: Language, pdf: Buffer): Mail {
  const params = {
    name: receipt.buyer.name || receipt.buyer.username || receipt.buyer.email,
    number: receipt.number,
    product: receipt.description,
    amount: formatMoney(receipt.amountCents, lang),
    link: config.publicUrl + pathTo('dashboard', {}, lang),
  };
  const body = t(lang, 'mail:receipt.body', params);
  return {
    to: receipt.buyer.email,
    subject: t(lang, 'mail:receipt.subject', params),
    // A test purchase says so in the mail too, not only on the attachment.
    text: receipt.test ? `${t(lang, 'mail:receipt.test')}\n\n${body}` : body,
    attachments: [{ filename: receiptFileName(receipt.number, lang), content: pdf, contentType: 'application/pdf' }],
  };
}
