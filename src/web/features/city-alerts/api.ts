import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CityAlertConfirmed, CityAlertCreateInput, CityAlertList } from '../../../common/schemas/city-alerts';
import { api } from '../../lib/api';

const manageKey = (token: string) => ['city-alerts', 'manage', token] as const;
const tokenPath = (token: string) => encodeURIComponent(token);

/** POST /api/city-alerts: asks for the confirmation mail; the answer says nothing about the address. */
export function useRequestCityAlert() {
  return useMutation({ mutationFn: (input: CityAlertCreateInput) => api.post<Record<string, never>>('/api/city-alerts', input) });
}

/** GET /api/city-alerts/confirm: the double opt-in, from the mailed link's page. */
export function useConfirmCityAlert() {
  return useMutation({ mutationFn: (token: string) => api.get<CityAlertConfirmed>(`/api/city-alerts/confirm?token=${tokenPath(token)}`) });
}

/** The alerts of the address the manage link was mailed to. */
export function useCityAlerts(token: string) {
  return useQuery({
    queryKey: manageKey(token),
    queryFn: ({ signal }) => api.get<CityAlertList>(`/api/city-alerts/manage/${tokenPath(token)}`, { signal }),
    retry: false,
  });
}

/** Deletes one alert (`alertId`) or every alert of the address (none). */
export function useDeleteCityAlerts(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (alertId?: number) => api.delete<{ deleted: number }>(`/api/city-alerts/manage/${tokenPath(token)}${alertId === undefined ? '' : `/${alertId}`}`),
    onSuccess: (_answer, alertId) =>
      client.setQueryData<CityAlertList>(manageKey(token), (list) => (list && alertId !== undefined ? { alerts: list.alerts.filter((a) => a.id !== alertId) } : { alerts: [] })),
  });
}
