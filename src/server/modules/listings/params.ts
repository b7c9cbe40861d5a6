import { z } from 'zod';
import { AppError } from '../../errors';

export const slugParam = z.object({ slug: z.string().min(1, 'notFound').max(200, 'notFound') });

const rawId = (params: unknown) => String((params as { id?: unknown } | undefined)?.id ?? '');

/** Reads `:id` as an id when numeric, else as a slug. */
export function idOrSlug(params: unknown): { id: number } | { slug: string } {
  const value = rawId(params);
  return /^\d{1,15}$/.test(value) ? { id: Number(value) } : { slug: value };
}

/** `:id` of a call that takes ids only; anything else names no listing (404 with `notFoundCode`). */
export function numericId(params: unknown, notFoundCode: string): number {
  const value = rawId(params);
  if (!/^\d{1,15}$/.test(value) || Number(value) < 1) throw new AppError(404, notFoundCode);
  return Number(value);
}
