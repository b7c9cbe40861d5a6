import { z } from 'zod';
import { adminReason } from './admin';
import { pathId } from './ids';

/** The largest verification document a studio uploads: 10 MB. */
export const VERIFICATION_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** What a verification document may be, by its sniffed content: a PDF, a JPEG or a PNG. */
export const VERIFICATION_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** Answered requests a profile needs before its response rate and time show. */
export const TRUST_MIN_ANSWERED = 5;
/** The window of requests the response figures read, in days. */
export const TRUST_WINDOW_DAYS = 90;
/** How long after a stay ended its sides are still asked to review each other, in days. */
export const REVIEW_PROMPT_DAYS = 60;

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** A verification by its id in a path. */
export const verificationIdParams = z.object({ id: pathId('validation', 'verificationNotFound') });
/** POST /api/trust/verification: the form has only its file, `document`. */
export const verificationUploadFields = z.object({});
/** GET /api/admin/verifications: the queue by status (pending when absent). */
export const verificationListQuery = z.object({ status: z.enum(VERIFICATION_STATUSES, 'validation').default('pending') });
/** POST /api/admin/verifications/{id}/reject: the reason the studio reads. */
export const verificationRejectSchema = z.object({ reason: adminReason });

/** GET /api/users/{id}/trust. Rate and time are null below TRUST_MIN_ANSWERED answered requests. */
export interface TrustFigures {
  responseRate: number | null;
  typicalResponseHours: number | null;
  answeredRequests: number;
  completedStays: number;
  verifiedStudio: boolean;
}

/** GET /api/trust/verification: the studio's own latest upload. */
export interface OwnVerification {
  status: 'none' | VerificationStatus;
  id: number | null;
  reason: string | null;
  createdAt: string | null;
  decidedAt: string | null;
}

/** One entry of the admin's verification queue. */
export interface AdminVerification {
  id: number;
  status: VerificationStatus;
  contentType: string;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
  studio: { id: number; name: string; username: string; avatar: string | null };
}

/** GET /api/trust/review-prompts: completed stays whose other side the caller has not reviewed yet. */
export interface ReviewPrompt {
  stayId: number;
  otherUser: { id: number; name: string; username: string; avatar: string | null };
  endDate: string;
}
