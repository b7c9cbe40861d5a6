import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header fields, e.g. List-Unsubscribe (RFC 2369, 8058). */
  headers?: Record<string, string>;
  /** Files sent along (a receipt's PDF); both transports hand them to nodemailer as they are. */
  attachments?: MailAttachment[];
  /**
   * The same mail sent again carries the same key (an outbox event's): the folder then keeps one
   * file, and SMTP sends one Message-ID, by which mail systems drop the repeat.
   */
  key?: { id: string; at: Date };
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file under DATA_DIR/mail. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send({ key, ...mail }) {
        await transport.sendMail({ from: config.mailFrom, ...mail, ...(key ? { messageId: messageIdOf(key.id, config.mailFrom), date: key.at } : {}) });
      },
    };
  }
  const folder = path.join(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ key, ...mail }) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail, ...(key ? { messageId: messageIdOf(key.id, config.mailFrom), date: key.at } : {}) });
      await mkdir(folder, { recursive: true });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      // A random part keeps two mails to one address in the same millisecond apart, a key makes
      // a repeat the same file; writing beside and renaming means whoever reads the folder never
      // sees half a mail.
      const unique = key ? key.id.replace(/[^a-zA-Z0-9-]/g, '_') : randomBytes(3).toString('hex');
      const name = `${(key?.at ?? new Date()).toISOString().replace(/[:.]/g, '-')}-${unique}-${safeTo}`;
      await writeFile(path.join(folder, `.${name}.part`), info.message as Buffer);
      await rename(path.join(folder, `.${name}.part`), path.join(folder, `${name}.eml`));
    },
  };
}

/** A Message-ID for a keyed mail, in the sender's domain. */
function messageIdOf(id: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  return `<${id}@${domain}>`;
}
