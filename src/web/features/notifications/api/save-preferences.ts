import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Preferences } from '../../../../common/schemas/messages';
import { api } from '../../../lib/api';
import { preferencesKey } from './get-preferences';

/** PUT /api/profile/preferences with the fields that change. */
export function savePreferences(patch: Partial<Preferences>): Promise<Preferences> {
  return api.put<Preferences>('/api/profile/preferences', patch);
}

export function useSavePreferences(me: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onMutate: (patch) => {
      const before = qc.getQueryData<Preferences>(preferencesKey(me));
      if (before) qc.setQueryData(preferencesKey(me), { ...before, ...patch });
      return { before };
    },
    onError: (_err, _patch, context) => {
      if (context?.before) qc.setQueryData(preferencesKey(me), context.before);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: preferencesKey(me) }),
  });
}
