import { z } from 'zod';
import { text } from '../text';

/** POST /api/contact. Messages are keys of the errors namespace. */
export const contactSchema = z.object({
  name: text().trim().min(1, 'contactNameRequired').max(100, 'tooLong'),
  email: text().trim().max(254, 'tooLong').pipe(z.email('emailInvalid')),
  subject: text().trim().max(150, 'tooLong').default(''),
  message: text().trim().min(10, 'contactMessageTooShort').max(5000, 'tooLong'),
});
export type ContactInput = z.input<typeof contactSchema>;
