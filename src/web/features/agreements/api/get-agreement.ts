import { useQuery } from '@tanstack/react-query';
import type { Agreement } from '../../../../common/schemas/agreements';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { agreementKeys } from './keys';

/** GET /api/stays/{id}/agreement: the agreement with both sides' acceptances (parties and admins only). */
export function useAgreement(stayId: number) {
  const { user } = useSession();
  const me = user?.id ?? 0;
  return useQuery({
    queryKey: agreementKeys.stay(me, stayId),
    enabled: me > 0,
    queryFn: ({ signal }) => api.get<Agreement>(`/api/stays/${stayId}/agreement`, { signal }),
  });
}
