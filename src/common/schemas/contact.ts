import { z } from 'zod';
import { text } from '../text';

/** The shape of an appeal link's token (user, suspension time, signature); the server checks the rest. */
const appealToken = text('appealInvalid').regex(/^[1-9]\d{0,9}\.\d{1,15}\.[A-Za-z0-9_-]{43}$/, 'appealInvalid');

/** GET /api/contact/appeal?token=: what the contact page prefills for an appeal. */
export const appealQuery = z.object({ token: appealToken });

/** The account and the suspension an appeal link is for, as the contact page prefills them. */
export interface AppealInfo {
  name: string;
  email: string;
  /** The last moment an appeal may be sent. */
  deadline: string;
}

/** POST /api/contact. Messages are keys of the errors namespace. */
export const contactSchema = z.object({
  name: text().trim().min(1, 'contactNameRequired').max(100, 'tooLong'),
  email: text().trim().max(254, 'tooLong').pipe(z.email('emailInvalid')),
  subject: text().trim().max(150, 'tooLong').default(''),
  message: text().trim().min(10, 'contactMessageTooShort').max(5000, 'tooLong'),
  /** The signed token of a suspension mail's appeal link: the message is that suspension's one appeal. */
  appeal: appealToken.optional(),
});
export type ContactInput = z.input<typeof contactSchema>;
