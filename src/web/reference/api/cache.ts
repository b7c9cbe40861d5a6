/** Reference lists change with a deploy at most: keep them for the visit. */
export const REFERENCE_CACHE = { staleTime: Infinity, gcTime: Infinity } as const;
