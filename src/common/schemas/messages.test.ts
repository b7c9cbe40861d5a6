import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZodType } from 'zod';
import enErrors from '../locales/en/errors.json';
import { GENERIC_INPUT_KEY, parseWithKeys } from './parse';

// The shared errors file, not the server's own: the forms parse with these schemas too, and the
// browser has only this one.
const KEYS = new Set(Object.keys(enErrors));

/** Values of every JSON type, and a few a broken client sends. */
const JUNK: unknown[] = [undefined, null, true, 0, -1, 1.5, 2 ** 40, '', 'x', 'x'.repeat(20_000), [], [1, 'a'], {}, { a: 1 }, '2020-13-45', 'not-an-email'];

async function schemas(): Promise<[string, ZodType][]> {
  const dir = import.meta.dirname;
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'parse.ts');
  const found: [string, ZodType][] = [];
  for (const file of files) {
    const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) if (value instanceof ZodType) found.push([`${file}:${name}`, value]);
  }
  return found;
}

function messages(schema: ZodType): string[] {
  const inputs: unknown[] = [...JUNK];
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (shape && typeof shape === 'object') {
    for (const key of Object.keys(shape)) for (const junk of JUNK) inputs.push({ [key]: junk });
  }
  return inputs.flatMap((input) => {
    const result = parseWithKeys(schema, input);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  });
}

describe('the shared schemas', () => {
  it('answer every input they refuse with keys of the shared errors file, never zod\'s own wording', async () => {
    const all = await schemas();
    expect(all.length).toBeGreaterThan(20);
    const foreign: string[] = [];
    for (const [name, schema] of all) {
      for (const message of new Set(messages(schema))) if (!KEYS.has(message)) foreign.push(`${name}: ${message}`);
    }
    expect(foreign).toEqual([]);
  });

  it('give the generic key to a shape no message names', async () => {
    const { contactSchema } = await import('./contact');
    for (const input of [[], 5, 'text', null]) {
      const result = parseWithKeys(contactSchema, input);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([GENERIC_INPUT_KEY]);
    }
  });
});
