import type { Block, Report } from '../../../common/schemas/messages';
import { forumThreadPath } from '../../../common/forum';
import type { BlockRow, ForumPostTargetRow, ForumThreadTargetRow, ImageTargetRow, ListingTargetRow, MessageTargetRow, ReportRow, ReviewTargetRow, UserTargetRow } from './repo';

/** A row of GET /api/blocks: the blocked user and when. */
export function presentBlock(row: BlockRow): Block {
  return { id: row.id, name: row.name, username: row.username, avatar: row.avatar, createdAt: row.created_at };
}

/** A report as its reporter sees it: never the snapshot, which is for the admin area. */
export function presentReport(row: ReportRow): Report {
  return {
    id: row.id,
    targetType: row.target_type as Report['targetType'],
    targetId: row.target_id,
    reason: row.reason as Report['reason'],
    details: row.details,
    status: row.status,
    createdAt: row.created_at,
  };
}

/**
 * What the admin area sees of a reported thing, as it was when reported: the one message (never
 * the conversation around it), the review, or the user's public face.
 */
export const snapshotOf = {
  message: (m: MessageTargetRow) => ({
    id: m.id,
    content: m.content,
    createdAt: m.created_at,
    sender: { id: m.sender_id, name: m.sender_name, username: m.sender_username },
    receiver: { id: m.receiver_id, name: m.receiver_name, username: m.receiver_username },
  }),
  review: (r: ReviewTargetRow) => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    reviewer: { id: r.reviewer_id, name: r.reviewer_name, username: r.reviewer_username },
    reviewed: { id: r.reviewed_id, name: r.reviewed_name, username: r.reviewed_username },
  }),
  user: (u: UserTargetRow) => ({ id: u.id, name: u.name, username: u.username, userType: u.user_type, avatar: u.avatar, bio: u.bio }),
  image: (i: ImageTargetRow) => ({
    id: i.id,
    thumbnailUrl: i.thumbnail_url,
    mediumUrl: i.medium_url,
    caption: i.caption,
    createdAt: i.created_at,
    owner: { id: i.user_id, name: i.owner_name, username: i.owner_username },
  }),
  listing: (l: ListingTargetRow) => ({
    id: l.id,
    slug: l.slug,
    title: l.title,
    description: l.description,
    startDate: l.start_date,
    endDate: l.end_date,
    owner: { id: l.owner_id, name: l.owner_name, username: l.owner_username },
  }),
  forumThread: (f: ForumThreadTargetRow) => ({
    id: f.id,
    title: f.title,
    content: f.body,
    url: forumThreadPath(f.id, f.slug),
    createdAt: f.created_at,
    owner: { id: f.author_id, name: f.owner_name, username: f.owner_username },
  }),
  forumPost: (f: ForumPostTargetRow) => ({
    id: f.id,
    threadId: f.thread_id,
    title: f.title,
    content: f.body,
    url: forumThreadPath(f.thread_id, f.slug),
    createdAt: f.created_at,
    owner: { id: f.author_id, name: f.owner_name, username: f.owner_username },
  }),
};
