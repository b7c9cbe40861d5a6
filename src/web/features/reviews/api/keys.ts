import { pageQueryKeys } from '../../../../common/page-queries';

/** The query keys of the reviews feature, in one place so writes update what reads cached. */
export const reviewKeys = {
  list: pageQueryKeys.reviews,
  check: (userId: number) => ['reviews', 'check', userId] as const,
  tile: (userId: number) => ['reviews', 'tile', userId] as const,
};
