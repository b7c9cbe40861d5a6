import { z } from 'zod';

/** POST /api/contact. Messages are keys of the errors namespace. */
export const contactSchema = z.object({
  name: z.string().trim().min(1, 'contactNameRequired').max(100, 'tooLong'),
  email: z.string().trim().max(254, 'tooLong').pipe(z.email('emailInvalid')),
  subject: z.string().trim().max(150, 'tooLong').default(''),
  message: z.string().trim().min(10, 'contactMessageTooShort').max(5000, 'tooLong'),
});
export type ContactInput = z.input<typeof contactSchema>;
