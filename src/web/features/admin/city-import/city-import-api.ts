import { useQuery } from '@tanstack/react-query';
import type { CityImportCommitInput, CityImportDto, FreeTextCity } from '../../../../common/schemas/admin-cities';
import { api, toQuery, upload } from '../../../lib/api';
import { adminKeys, useAdminAction } from '../api/admin-api';

export const cityImportKeys = {
  import: (id: number) => [...adminKeys.all, 'city-import', id] as const,
  freeText: (countryCode: string) => [...adminKeys.all, 'city-import', 'free-text', countryCode] as const,
};

/** While the server reads or writes, the state is asked again this often. */
export const CITY_IMPORT_POLL_MS = 1000;
// A 100 MB file over a slow line takes minutes, not the JSON calls' 30 seconds.
const UPLOAD_TIMEOUT_MS = 15 * 60 * 1000;

const busy = (status: CityImportDto['status'] | undefined) => status === 'parsing' || status === 'importing';

/** GET /api/admin/city-imports/{id}, polled while the import is being read or written. */
export function useCityImport(id: number | null) {
  return useQuery({
    queryKey: cityImportKeys.import(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    queryFn: ({ signal }) => api.get<CityImportDto>(`/api/admin/city-imports/${id}`, { signal }),
    refetchInterval: (query) => (busy(query.state.data?.status) ? CITY_IMPORT_POLL_MS : false),
  });
}

/** GET /api/admin/cities/free-text: the typed city names most used, in one country or all. */
export function useFreeTextCities(countryCode: string) {
  return useQuery({
    queryKey: cityImportKeys.freeText(countryCode),
    staleTime: 15_000,
    queryFn: ({ signal }) => api.get<{ names: FreeTextCity[] }>(`/api/admin/cities/free-text${toQuery({ countryCode })}`, { signal }),
    select: (answer) => answer.names,
  });
}

/** POST /api/admin/city-imports: the file goes up with progress; the answer names the import. */
export function useUploadCities() {
  return useAdminAction((input: { file: File; onProgress: (percent: number) => void }) => {
    const form = new FormData();
    form.append('file', input.file, input.file.name);
    return upload<{ importId: number }>('/api/admin/city-imports', form, { onProgress: input.onProgress, timeoutMs: UPLOAD_TIMEOUT_MS });
  });
}

export function useCommitCities() {
  return useAdminAction((input: { id: number } & CityImportCommitInput) =>
    api.post<{ importId: number }>(`/api/admin/city-imports/${input.id}/commit`, {
      minPopulation: input.minPopulation,
      countryCodes: input.countryCodes,
      linkFreeText: input.linkFreeText,
    }),
  );
}

export function useDiscardCities() {
  return useAdminAction((input: { id: number }) => api.delete<{ success: true }>(`/api/admin/city-imports/${input.id}`));
}
