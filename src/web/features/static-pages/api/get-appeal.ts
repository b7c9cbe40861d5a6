import { useQuery } from '@tanstack/react-query';
import type { AppealInfo } from '../../../../common/schemas/contact';
import { api } from '../../../lib/api';

/** GET /api/contact/appeal: the account a suspension mail's appeal link is for, or why it no longer works. */
export function getAppeal(token: string, signal?: AbortSignal): Promise<AppealInfo> {
  return api.get<{ appeal: AppealInfo }>(`/api/contact/appeal?token=${encodeURIComponent(token)}`, { signal }).then((r) => r.appeal);
}

/** Read once per link: a refusal (used, expired, forged) is the answer, not a failure to retry. */
export function useAppeal(token: string | null) {
  return useQuery({
    queryKey: ['contact-appeal', token],
    queryFn: ({ signal }) => getAppeal(token as string, signal),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
}
