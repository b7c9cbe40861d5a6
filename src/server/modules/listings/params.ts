import { z } from 'zod';
import { isDbId } from '../../../common/schemas/ids';
import { text } from '../../../common/text';
import { AppError } from '../../errors';

export const slugParam = z.object({ slug: text('notFound').min(1, 'notFound').max(200, 'notFound') });

/** `:id` as the routes below read it: digits for an id, else a slug. */
export const idOrSlugParams = z.object({ id: z.union([z.string().regex(/^\d{1,10}$/), slugParam.shape.slug]) });

const rawId = (params: unknown) => String((params as { id?: unknown } | undefined)?.id ?? '');

/**
 * Reads `:id` as an id when numeric, else as a slug (slugs are never all digits). Digits past
 * the columns' range stay an id, one that names no listing.
 */
export function idOrSlug(params: unknown): { id: number } | { slug: string } {
  const value = rawId(params);
  return /^\d+$/.test(value) ? { id: Number(value) } : { slug: value };
}

/** `:id` of a call that takes ids only; anything else, or an id past the columns' range, names no listing (404 with `notFoundCode`). */
export function numericId(params: unknown, notFoundCode: string): number {
  const value = rawId(params);
  if (!/^\d{1,10}$/.test(value) || !isDbId(Number(value))) throw new AppError(404, notFoundCode);
  return Number(value);
}
