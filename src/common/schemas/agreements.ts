import { z } from 'zod';
import type { StayStatus } from '../deal-limits';
import type { Language } from '../languages';
import type { DealTerms } from './deal-terms';
import { MAX_ID } from './ids';
import type { MessagePerson } from './messages';

// The written agreement of a stay: what the two sides agreed, written from the stay's terms
// snapshot in both their languages, and their acceptances of it.

/** A stay id in the agreement's paths. */
export const agreementParams = z.object({ id: z.coerce.number('validation').int('validation').positive('validation').max(MAX_ID, 'stayNotFound') });

/**
 * POST /api/stays/{id}/agreement/accept: optionally the version the party read (`termsVersion`
 * of the answer), so a click on a page opened before the terms changed accepts nothing.
 */
export const acceptAgreementSchema = z.object({
  termsVersion: z.string('validation').regex(/^[0-9a-f]{16,64}$/, 'validation').optional(),
});
export type AcceptAgreementInput = z.input<typeof acceptAgreementSchema>;

export type AgreementSide = 'artist' | 'studio';

/** One part of the agreement's text: a heading and its sentences. */
export interface AgreementSection {
  heading: string;
  lines: string[];
}

/** The agreement written out in one language, as the page and the PDF print it. */
export interface AgreementText {
  language: Language;
  title: string;
  /** Who agrees with whom, about what. */
  parties: string;
  sections: AgreementSection[];
  /** That it records what the two agreed and is not legal advice. */
  notice: string;
}

export interface AgreementAcceptance {
  userId: number;
  side: AgreementSide;
  acceptedAt: string;
}

/** GET /api/stays/{id}/agreement: to the two parties and admins. */
export interface Agreement {
  stayId: number;
  /** The stay's status (a confirmed stay whose last day passed reads as completed). */
  status: StayStatus;
  artist: MessagePerson;
  studio: MessagePerson;
  startDate: string;
  endDate: string;
  city: string | null;
  terms: DealTerms | null;
  cancellationNoticeDays: number;
  /** Each party's account language: the agreement is written in both (once when they are the same). */
  languages: { artist: Language; studio: Language };
  texts: AgreementText[];
  /** The acceptances of the current version; earlier versions' do not count. */
  acceptances: AgreementAcceptance[];
  /** Both sides accepted the current version. */
  agreed: boolean;
  /** Names the version of what the agreement is written from; changes when the terms do. */
  termsVersion: string;
}
