import { z } from 'zod';
import { REPORT_TARGETS } from '../message-limits';
import { hasControlCharacters } from '../text';
import { adminCursor, adminReason } from './admin';
import { idNumber, pathId } from './ids';
/** Images the review call marks at once: a full page of the grid. */
export const REVIEW_BATCH_MAX = 100;
/** Rows per page of the moderation lists. */
export const GALLERY_QUEUE_PAGE = 60;
export const REPORT_QUEUE_PAGE = 30;

export const IMAGE_REVIEW_STATES = ['new', 'reviewed', 'hidden'] as const;
export type ImageReviewState = (typeof IMAGE_REVIEW_STATES)[number];
export const REPORT_STATES = ['open', 'resolved', 'dismissed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const RESOLVE_ACTIONS = ['dismiss', 'warn_owner', 'suspend_owner', 'hide', 'remove'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];
export type ReportTargetType = (typeof REPORT_TARGETS)[number];

/** Which resolve actions fit which target: hiding needs something shown in public lists, removing something that can go. */
export const ACTIONS_FOR: Record<ReportTargetType, readonly ResolveAction[]> = {
  user: ['dismiss', 'warn_owner', 'suspend_owner'],
  message: ['dismiss', 'warn_owner', 'suspend_owner', 'remove'],
  review: ['dismiss', 'warn_owner', 'suspend_owner', 'remove'],
  image: ['dismiss', 'warn_owner', 'suspend_owner', 'hide', 'remove'],
  guest_spot: ['dismiss', 'warn_owner', 'suspend_owner', 'hide', 'remove'],
  availability: ['dismiss', 'warn_owner', 'suspend_owner', 'hide', 'remove'],
  forum_thread: ['dismiss', 'warn_owner', 'suspend_owner', 'hide', 'remove'],
  forum_post: ['dismiss', 'warn_owner', 'suspend_owner', 'hide', 'remove'],
};

// The owner and the reporters may read it: a NUL would not even reach PostgreSQL.
const reason = adminReason.refine((value) => !hasControlCharacters(value), 'controlCharacters');
const cursor = adminCursor;

/** GET /api/admin/gallery. */
export const galleryQueueQuery = z.object({
  status: z.enum(IMAGE_REVIEW_STATES, 'validation').default('new'),
  cursor,
});

/** POST /api/admin/gallery/review. */
export const galleryReviewSchema = z.object({
  ids: z.array(idNumber('moderationIdsInvalid'), 'moderationIdsInvalid').min(1, 'moderationIdsInvalid').max(REVIEW_BATCH_MAX, 'moderationIdsInvalid'),
});

/** The image of /api/admin/gallery/{id}/…: a well-formed id past the columns' range is unknown (404). */
export const moderationImageParams = z.object({ id: pathId('validation', 'galleryImageNotFound') });

/** Hide, unhide and delete: the reason is required and reaches the owner. */
export const moderationReasonSchema = z.object({ reason });

/** GET /api/admin/reports. */
export const reportQueueQuery = z.object({
  status: z.enum(REPORT_STATES, 'validation').default('open'),
  targetType: z.preprocess((v) => (v === '' ? undefined : v), z.enum(REPORT_TARGETS, 'validation').optional()),
  cursor,
});

/** POST /api/admin/reports/resolve. */
export const resolveReportSchema = z
  .object({
    targetType: z.enum(REPORT_TARGETS, 'validation'),
    targetId: idNumber('validation'),
    action: z.enum(RESOLVE_ACTIONS, 'moderationActionInvalid'),
    reason,
  })
  .refine((input) => ACTIONS_FOR[input.targetType].includes(input.action), { message: 'moderationActionInvalid', path: ['action'] });
export type ResolveReportInput = z.infer<typeof resolveReportSchema>;

/** An image of the admin grid. */
export interface ModerationImage {
  id: number;
  thumbnailUrl: string;
  mediumUrl: string;
  largeUrl: string;
  width: number;
  height: number;
  caption: string | null;
  styles: { id: number; name: string }[];
  uploadedAt: string;
  uploader: { id: number; name: string; username: string };
  status: ImageReviewState;
  hiddenReason: string | null;
  reportCount: number;
}

/** One reported thing with every report of the requested state on it. */
export interface ReportGroup {
  targetType: ReportTargetType;
  targetId: number;
  /** What was reported, as it was when first reported (a message alone, never its conversation). */
  preview: Record<string, unknown> | null;
  count: number;
  reasons: string[];
  details: string[];
  firstAt: string;
  lastAt: string;
  status: ReportState;
}
