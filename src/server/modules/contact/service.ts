import type { z } from 'zod';
import type { contactSchema } from '../../../common/schemas/contact';
import type { Language } from '../../../common/languages';
import type { AppContext } from '../../context';
import { consume } from '../../lib/rate-limit/index';
import { insertContactMessage } from './repo';

const CONTACT_LIMIT = { name: 'contact', max: 5, windowMs: 60 * 60_000 };

export type ContactDeps = Pick<AppContext, 'db' | 'rateLimits'>;
export type ContactService = ReturnType<typeof createContactService>;

export function createContactService({ db, rateLimits }: ContactDeps) {
  return {
    /** Keeps a message for the operators (at most five an hour per address); answers its id. */
    async send(input: z.infer<typeof contactSchema>, from: { ip: string; userId: number | null; lang: Language }): Promise<number> {
      await consume(rateLimits, CONTACT_LIMIT, [`ip:${from.ip}`]);
      return insertContactMessage(db, { ...input, language: from.lang, userId: from.userId });
    },
  };
}
