import { hasControlCharacters } from '../../../common/text';
import { isLanguage, LOCALES, type Language } from '../../../common/languages';
import {
  CONTACT_PAGE_SIZE,
  type ContactList,
  type ContactListQuery,
  type ContactMessageDetail,
  type ContactReplyInput,
  type ContactState,
} from '../../../common/schemas/admin-inbox';
import { isDbId } from '../../../common/schemas/ids';
import type { Db } from '../../db/index';
import { AppError, conflict } from '../../errors';
import { t } from '../../i18n';
import type { Mailer } from '../../lib/mail/index';
import { writeAudit } from './audit';
import * as repo from './contact-repo';

export type ContactInboxService = ReturnType<typeof createContactInboxService>;

const notFound = () => new AppError(404, 'contactMessageNotFound');

function encodeCursor(cursor: repo.ContactCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

function decodeCursor(value: string): repo.ContactCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [createdAt, id] = parsed as [unknown, unknown];
      // A forged cursor must not carry what the database refuses: NUL in text, an id past the column's range.
      if (typeof createdAt === 'string' && !hasControlCharacters(createdAt) && !Number.isNaN(Date.parse(createdAt)) && typeof id === 'number' && isDbId(id)) {
        return { createdAt, id };
      }
    }
  } catch {
    // Falls through to the same answer as any other bad cursor.
  }
  throw new AppError(400, 'cursorInvalid', {}, { field: 'cursor' });
}

/** The original message under a reply, each line marked as quoted the way mail programs do. */
function quote(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/** The contact inbox of the admin area: list, read, sort, answer by mail, delete. */
export function createContactInboxService(deps: { db: Db; mailer: Mailer; now?: () => Date }) {
  const { db, mailer } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireMessage(id: number) {
    const message = await repo.findContactMessage(db, id);
    if (!message) throw notFound();
    return message;
  }

  return {
    async list(query: ContactListQuery): Promise<ContactList> {
      const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
      const rows = await repo.listContactMessages(db, { status: query.status, q: query.q, cursor, limit: CONTACT_PAGE_SIZE });
      const page = rows.slice(0, CONTACT_PAGE_SIZE);
      const last = page.at(-1);
      return {
        messages: page.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          subject: r.subject,
          excerpt: r.excerpt,
          status: r.status as ContactState,
          language: r.language,
          createdAt: r.created_at,
          replyCount: Number(r.reply_count ?? 0),
        })),
        nextCursor: rows.length > CONTACT_PAGE_SIZE && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
      };
    },

    /**
     * One message with its sender's account and the replies sent. Opening a new message marks it
     * read: that is bookkeeping of the inbox, not an action on anyone, so it writes no audit entry.
     */
    async get(id: number): Promise<ContactMessageDetail> {
      let message = await requireMessage(id);
      if (message.status === 'new') {
        const at = now().toISOString();
        // Guarded by the status: an admin who moved it meanwhile keeps their choice.
        if (await repo.moveContactStatus(db, id, 'new', 'read', at)) message = { ...message, status: 'read', status_changed_at: at };
      }
      const [user, replies] = await Promise.all([repo.findSenderAccount(db, message), repo.listContactReplies(db, id)]);
      return {
        id: message.id,
        name: message.name,
        email: message.email,
        subject: message.subject,
        message: message.message,
        status: message.status as ContactState,
        language: message.language,
        createdAt: message.created_at,
        statusChangedAt: message.status_changed_at,
        user: user ? { id: user.id, username: user.username, name: user.name, userType: user.user_type } : null,
        appeal: message.appeal_suspended_at ? { suspendedAt: message.appeal_suspended_at } : null,
        replies: replies.map((r) => ({
          id: r.id,
          subject: r.subject,
          body: r.body,
          admin: r.admin_id !== null && r.admin_username !== null ? { id: r.admin_id, username: r.admin_username } : null,
          createdAt: r.created_at,
        })),
      };
    },

    /** Sets the status; setting the one it has changes nothing and writes no entry. */
    async setStatus(adminId: number, id: number, status: ContactState): Promise<{ status: ContactState }> {
      await db.transaction().execute(async (trx) => {
        const message = await repo.findContactMessage(trx, id);
        if (!message) throw notFound();
        if (message.status === status) return;
        if (!(await repo.moveContactStatus(trx, id, message.status, status, now().toISOString()))) throw conflict('contactChanged');
        await writeAudit(trx, {
          adminId,
          action: 'contact.status',
          targetType: 'contact_message',
          targetId: id,
          details: { before: { status: message.status }, after: { status } },
        });
      });
      return { status };
    },

    /**
     * Mails the reply in the sender's language with their message quoted, then keeps it and marks
     * the message answered. The mail goes first and outside the transaction: a mail server that
     * refuses leaves nothing recorded (the admin tries again), and no write lock waits on SMTP.
     */
    async reply(adminId: number, id: number, input: ContactReplyInput): Promise<{ replyId: number; status: ContactState }> {
      const message = await requireMessage(id);
      const lang: Language = isLanguage(message.language) ? message.language : 'en';
      const sentAt = new Date(message.created_at);
      const date = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(sentAt);
      try {
        await mailer.send({
          to: message.email,
          subject: input.subject,
          text: t(lang, 'mail:contactReply.body', { name: message.name, body: input.body, date, subject: message.subject || '—', quote: quote(message.message) }),
        });
      } catch {
        throw new AppError(502, 'contactReplyNotSent');
      }
      const at = now().toISOString();
      const replyId = await db.transaction().execute(async (trx) => {
        // Deleted while the mail went out: the mail has left, but there is nothing to keep it with.
        if (!(await repo.markContactAnswered(trx, id, at))) throw notFound();
        const inserted = await repo.insertContactReply(trx, { messageId: id, adminId, subject: input.subject, body: input.body, at });
        await writeAudit(trx, {
          adminId,
          action: 'contact.reply',
          targetType: 'contact_message',
          targetId: id,
          details: { before: { status: message.status }, after: { status: 'answered', replyId: inserted, subject: input.subject } },
        });
        return inserted;
      });
      return { replyId, status: 'answered' };
    },

    /**
     * Deletes a message with its replies, for a sender who asked to be forgotten. The audit entry
     * keeps the reason and the message's state but none of its personal data, or the erasure
     * would only move it.
     */
    async remove(adminId: number, id: number, reason: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const message = await repo.findContactMessage(trx, id);
        if (!message) throw notFound();
        if (!(await repo.deleteContactMessage(trx, id))) throw notFound();
        await writeAudit(trx, {
          adminId,
          action: 'contact.delete',
          targetType: 'contact_message',
          targetId: id,
          reason,
          details: { before: { status: message.status, createdAt: message.created_at }, after: null },
        });
      });
    },
  };
}
