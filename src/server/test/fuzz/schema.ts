import fc from 'fast-check';
import { z, type ZodType } from 'zod';

/** One node of a JSON Schema as zod exports it (draft 2020-12). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
}

/**
 * The schema's input side (what a client sends, before coercions and defaults) as JSON Schema.
 * What JSON Schema cannot say (a refinement, a transform) is left open rather than refused:
 * the fuzzer then only sends less targeted values there.
 */
export function jsonSchemaOf(schema: ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as JsonSchema;
}

/** The node with `$ref`s into the root's `$defs` followed, and `allOf` of one merged away. */
function resolve(node: JsonSchema, root: JsonSchema): JsonSchema {
  let current = node;
  for (let hops = 0; current.$ref && hops < 8; hops++) {
    const name = current.$ref.replace(/^#\/\$defs\//, '');
    current = root.$defs?.[name] ?? {};
  }
  if (current.allOf?.length === 1) return resolve({ ...current, ...current.allOf[0], allOf: undefined }, root);
  return current;
}

function typesOf(node: JsonSchema): string[] {
  if (Array.isArray(node.type)) return node.type;
  if (node.type) return [node.type];
  if (node.enum) return [...new Set(node.enum.map((v) => (v === null ? 'null' : typeof v)))];
  if (node.const !== undefined) return [node.const === null ? 'null' : typeof node.const];
  return [];
}

/** Ids the run knows exist (its people, their listings): an id field picks one of them most of the time. */
export interface Known {
  ids: number[];
}

const ID_NAME = /(^id$|Id$|^ids$|Ids$)/;

/**
 * Values the schema accepts, as far as JSON Schema tells: the base each mutation starts from, so
 * a bad field reaches the check of that field rather than failing on its neighbours first.
 */
export function validArbitrary(node: JsonSchema, root: JsonSchema, known: Known, name = '', depth = 0): fc.Arbitrary<unknown> {
  const n = resolve(node, root);
  if (depth > 6) return fc.constant(null);
  if (n.const !== undefined) return fc.constant(n.const);
  if (n.enum?.length) return fc.constantFrom(...n.enum);
  const options = n.anyOf ?? n.oneOf;
  if (options?.length) return fc.oneof(...options.map((o) => validArbitrary(o, root, known, name, depth + 1)));
  const type = typesOf(n).find((t) => t !== 'null') ?? (typesOf(n).includes('null') ? 'null' : 'string');
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = n.minimum ?? (n.exclusiveMinimum !== undefined ? n.exclusiveMinimum + 1 : ID_NAME.test(name) ? 1 : 0);
      const max = n.maximum ?? (n.exclusiveMaximum !== undefined ? n.exclusiveMaximum - 1 : min + 1000);
      const range = fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) });
      const ids = known.ids.filter((id) => id >= min && id <= max);
      return ID_NAME.test(name) && ids.length ? fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 4 }, { arbitrary: range, weight: 1 }) : range;
    }
    case 'string':
      return stringArbitrary(n);
    case 'array': {
      const itemNode = n.items ?? {};
      const minLength = n.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(n.maxItems ?? 3, 3));
      return fc.array(validArbitrary(itemNode, root, known, name, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const props = n.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(props)) record[key] = validArbitrary(child, root, known, key, depth + 1);
      return fc.record(record, { requiredKeys: (n.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.constantFrom('x', 1, true);
  }
}

function stringArbitrary(n: JsonSchema): fc.Arbitrary<string> {
  if (n.format === 'email') return fc.emailAddress();
  if (n.format === 'date') return fc.constantFrom('2027-03-01', '2027-06-15', '2026-12-31');
  if (n.format === 'date-time') return fc.constantFrom('2027-03-01T10:00:00.000Z', '2026-12-31T23:59:59Z');
  if (n.format === 'uuid') return fc.uuid();
  const minLength = n.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(n.maxLength ?? 40, 40));
  if (n.pattern) {
    // fast-check builds strings for most patterns; one it cannot (a lookahead) gets plain text.
    try {
      return fc.stringMatching(new RegExp(n.pattern)).filter((s) => s.length >= minLength && s.length <= (n.maxLength ?? Infinity));
    } catch {
      return fc.string({ minLength, maxLength });
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

/** A megabyte of text, under the 1 MiB body limit once quoted, so it reaches the schema. */
export const MEGABYTE = 'a'.repeat(1_000_000);

/** Texts that have broken parsers, search engines and databases elsewhere. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\u202Egnp.exe',
  'שלום עולם',
  'مرحبا بالعالم',
  '😀'.repeat(50),
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\u200B\u200D\uFEFF',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(1)',
  '%',
  '_%_',
  '\\',
  'NEAR(a b, 2)',
  '"unclosed',
  'a* OR b^ AND -c',
  'title:(x) NOT y',
  '{"$gt": ""}',
  '../../../etc/passwd',
  '..\\..\\windows',
  '%00',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '9'.repeat(400),
  '-1',
  '0',
  '1e400',
  'NaN',
  'Infinity',
  'null',
  'true',
  '__proto__',
  'constructor',
];

/** Numbers past every range a column or schema has. */
export const NASTY_NUMBERS: readonly number[] = [-1, 0, 1.5, -0.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 1, -(2 ** 53), 1e308, -1e308, Number.MIN_VALUE];

/**
 * Page cursors as the lists make them (base64url JSON of the last row's sort values), forged:
 * well-formed enough to be decoded, holding what the database refuses (ids past the columns,
 * NUL, text where a timestamp goes).
 */
const FORGED_CURSORS: readonly string[] = [
  ['2026-01-01T00:00:00.000Z', 4_926_721_692],
  ['2026-01-01T00:00:00.000Z', -1],
  ['a\u0000b', 1],
  ['not a date', 1],
  ['99999-01-01T00:00:00Z', 1],
  [null, 2 ** 40],
  [0, '2026-01-01T00:00:00.000Z', 4_926_721_692],
  [1, 'x\u0000', 1],
  [1, 'not a date', 1],
  [0, '', 0],
  ['2026-01-01', 'x', 'y'],
  [1e308, 1e308],
  [],
  {},
]
  .map((value) => JSON.stringify(value))
  .concat(['2026-01-01T00:00:00.000Z|4926721692', '2026-01-01T00:00:00.000Z|1|x', 'a\u0000|1'])
  .map((text) => Buffer.from(text).toString('base64url'));

/** Values of every other JSON type, for a field of any type. */
export const WRONG_TYPES: readonly unknown[] = [null, true, false, 0, 1, 'x', [], [1, 'a'], {}, { a: 1 }, [[[]]], { toString: 'x', valueOf: 1 }];

/**
 * Bad values aimed at one field: its limits plus and minus one, the wrong types, and the nasty
 * texts and numbers; a megabyte only now and then, since each costs a parse of that size.
 */
export function badArbitrary(node: JsonSchema, root: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  const n = resolve(node, root);
  const edges: unknown[] = /cursor/i.test(name) ? [...FORGED_CURSORS] : [];
  const options = n.anyOf ?? n.oneOf ?? [n];
  for (const o of options.map((x) => resolve(x, root))) {
    const types = typesOf(o);
    if (types.includes('string')) {
      if (o.maxLength !== undefined) edges.push('b'.repeat(o.maxLength), 'b'.repeat(o.maxLength + 1), '😀'.repeat(o.maxLength));
      if (o.minLength !== undefined) edges.push('b'.repeat(Math.max(0, o.minLength - 1)), 'b'.repeat(o.minLength));
      if (o.enum) edges.push(`${String(o.enum[0])} `, String(o.enum[0]).toUpperCase());
      if (o.format === 'email') edges.push('a@b', '@example.test', 'a@@example.test', `${'a'.repeat(250)}@example.test`);
      if (o.format === 'date') edges.push('2027-02-30', '2027-13-01', '0000-00-00', '99999-01-01', '2027-1-1');
    }
    if (types.includes('integer') || types.includes('number')) {
      for (const bound of [o.minimum, o.maximum, o.exclusiveMinimum, o.exclusiveMaximum]) {
        if (bound !== undefined) edges.push(bound - 1, bound, bound + 1, String(bound + 1));
      }
    }
    if (types.includes('array')) {
      if (o.maxItems !== undefined) edges.push(Array.from({ length: o.maxItems + 1 }, (_, i) => i + 1));
      if (o.minItems !== undefined && o.minItems > 0) edges.push([]);
      edges.push(Array.from({ length: 1000 }, (_, i) => i), [null], ['1', '1']);
    }
  }
  return fc.oneof(
    { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
    { arbitrary: fc.constantFrom(...NASTY_NUMBERS), weight: 2 },
    { arbitrary: fc.constantFrom(...WRONG_TYPES), weight: 2 },
    { arbitrary: edges.length ? fc.constantFrom(...edges) : fc.constant(null), weight: edges.length ? 4 : 0 },
    { arbitrary: fc.constant(MEGABYTE), weight: 1 },
  );
}

/** The object node of a schema (its properties), or null when the schema is not an object. */
export function objectNode(root: JsonSchema): JsonSchema | null {
  const n = resolve(root, root);
  if (typesOf(n).includes('object') || n.properties) return n;
  const options = n.anyOf ?? n.oneOf;
  const object = options?.map((o) => resolve(o, root)).find((o) => o.properties);
  return object ?? null;
}
