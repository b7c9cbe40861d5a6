import type { ReportGroup, ReportState, ReportTargetType, ResolveReportInput } from '../../../../common/schemas/admin-moderation';
import { api } from '../../../lib/api';
import { useAdminAction, useAdminPages } from '../api/admin-api';

export interface ReportQueuePage {
  reports: ReportGroup[];
  nextCursor: string | null;
}

export interface ReportFilters {
  status: ReportState;
  targetType?: ReportTargetType;
}

/** GET /api/admin/reports: reported targets of one state, optionally of one type. */
export function useReportQueue(filters: ReportFilters) {
  return useAdminPages<ReportQueuePage>(['admin', 'reports', filters], '/api/admin/reports', { ...filters });
}

/** POST /api/admin/reports/resolve; refreshes every admin query, the badges too. */
export function useResolveReport() {
  return useAdminAction((input: ResolveReportInput) => api.post<{ status: string; closed: number }>('/api/admin/reports/resolve', input));
}
