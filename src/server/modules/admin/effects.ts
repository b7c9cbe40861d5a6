import { withLanguage, type Language } from '../../../common/languages';
import { buildPath } from '../../../common/routes';
import type { AppContext } from '../../context';
import { t } from '../../i18n';
import { eventKey, type Emitted, type EventKind, type Outbox, type Writer } from '../../lib/outbox/index';

/** Who an admin action's mail goes to, in their language. */
export interface MailTo {
  email: string;
  name: string;
  language: Language;
}

export interface ComposedMail {
  to: string;
  subject: string;
  text: string;
}

interface AdminMail {
  to: MailTo;
  key: string;
  params: Record<string, unknown>;
}

/**
 * The side effects of an admin action, written as outbox events in the action's own transaction
 * (docs/decisions/039): the cached answers it changes and the mails it sends. A crash after the
 * commit loses neither, a failing mail server delays the mail instead of dropping it, and every
 * process clears the tags when the event is delivered.
 */
export interface AdminEffects {
  /** The cached answers the action changed. */
  clear(trx: Writer, tags: string[]): Promise<Emitted>;
  /** A mail to one user: `mail:{key}.subject` and `.body` with the contact page as the link. */
  mail(trx: Writer, to: MailTo, key: string, params?: Record<string, unknown>): Promise<Emitted>;
  /** A mail composed by the action itself (its own subject and text). */
  send(trx: Writer, mail: ComposedMail): Promise<Emitted>;
  /** After the commit: the tags clear here at once, the rest is delivered soon. */
  committed(events: readonly (Emitted | null | undefined)[]): void;
}

type EffectsContext = Pick<AppContext, 'outbox' | 'mailer' | 'config'>;

// The admin area's services are built once per route plugin (the reports queue builds the
// gallery's and the users' steps again), while an outbox takes each event kind once: the kinds
// are defined once per outbox and shared.
const defined = new WeakMap<Outbox, { cleared: EventKind<{ tags: string[] }>; mailed: EventKind<AdminMail>; composed: EventKind<ComposedMail> }>();

export function adminEffects(ctx: EffectsContext): AdminEffects {
  const { outbox } = ctx;
  let kinds = defined.get(outbox);
  if (!kinds) {
    kinds = {
      cleared: outbox.define<{ tags: string[] }>('admin.changed', { tags: ({ tags }) => tags }),
      mailed: outbox.define<AdminMail>('admin.mail', {
        // Read at delivery from the process's own settings, so a mail waiting out an outage links to today's address.
        deliver: ({ to, key, params }, event) =>
          ctx.mailer.send({
            to: to.email,
            subject: t(to.language, `mail:${key}.subject`, params),
            text: t(to.language, `mail:${key}.body`, { name: to.name, link: ctx.config.publicUrl + withLanguage(buildPath('contact'), to.language), ...params }),
            key: eventKey(event),
          }),
      }),
      composed: outbox.define<ComposedMail>('admin.mail-composed', { deliver: (mail, event) => ctx.mailer.send({ ...mail, key: eventKey(event) }) }),
    };
    defined.set(outbox, kinds);
  }
  const { cleared, mailed, composed } = kinds;
  return {
    clear: (trx, tags) => cleared.emit(trx, { tags }),
    mail: (trx, to, key, params = {}) => mailed.emit(trx, { to, key, params }),
    send: (trx, mail) => composed.emit(trx, mail),
    committed(events) {
      const written = events.filter((e): e is Emitted => !!e);
      if (written.length) outbox.afterCommit(...written);
    },
  };
}
