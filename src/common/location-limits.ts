/**
 * The location search's limits, apart from its zod schema: the city type-ahead sits in the
 * public lists' first load, which must not carry zod.
 */
export const LOCATION_QUERY_MIN = 2;
export const LOCATION_QUERY_MAX = 80;
export const LOCATION_LIMIT_MAX = 20;
export const LOCATION_LIMIT_DEFAULT = 10;
