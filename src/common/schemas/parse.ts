import type { ZodType, z } from 'zod';

/**
 * The errors key for input whose shape no schema message names: a list where an object belongs,
 * a number where a text does, a field without a message of its own.
 */
export const GENERIC_INPUT_KEY = 'validation';

/**
 * Parses with a shared schema so that every issue's message is a key of the errors namespace:
 * the schema's own message where it gives one, the generic key where zod would fall back to its
 * own English phrase ("Invalid input: expected object, received array"), which no visitor should
 * read. The server and the forms both parse through it, so they show the same texts.
 */
export function parseWithKeys<S extends ZodType>(schema: S, data: unknown): z.ZodSafeParseResult<z.output<S>> {
  return schema.safeParse(data, { error: () => GENERIC_INPUT_KEY }) as z.ZodSafeParseResult<z.output<S>>;
}
