import type { ImageReviewState, ModerationImage } from '../../../../common/schemas/admin-moderation';
import { api } from '../../../lib/api';
import { useAdminAction, useAdminPages } from '../api/admin-api';

export interface GalleryQueuePage {
  images: ModerationImage[];
  nextCursor: string | null;
}

/** GET /api/admin/gallery: one state's images, a page at a time. */
export function useGalleryQueue(status: ImageReviewState) {
  return useAdminPages<GalleryQueuePage>(['admin', 'gallery', status], '/api/admin/gallery', { status });
}

/** The grid's actions; each refreshes every admin query (the list, the badges, the audit log). */
export function useGalleryActions() {
  return {
    review: useAdminAction((ids: number[]) => api.post<{ reviewed: number }>('/api/admin/gallery/review', { ids })),
    hide: useAdminAction(({ id, reason }: { id: number; reason: string }) => api.post(`/api/admin/gallery/${id}/hide`, { reason })),
    unhide: useAdminAction(({ id, reason }: { id: number; reason: string }) => api.post(`/api/admin/gallery/${id}/unhide`, { reason })),
    remove: useAdminAction(({ id, reason }: { id: number; reason: string }) => api.delete(`/api/admin/gallery/${id}`, { reason })),
  };
}
