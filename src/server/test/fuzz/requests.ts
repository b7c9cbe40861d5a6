import fc from 'fast-check';
import { BODY_LIMIT_BYTES, GALLERY_IMAGE_MAX_BYTES } from '../../../common/constants';
import { LANGUAGES, type Language } from '../../../common/languages';
import type { RouteEntry, RouteInput } from '../../http/route-table';
import { MEGABYTE, NASTY_STRINGS, WRONG_TYPES, badArbitrary, jsonSchemaOf, objectNode, validArbitrary, type JsonSchema, type Known } from './schema';

export type Persona = 'visitor' | 'user' | 'admin';
export const PERSONAS: readonly Persona[] = ['visitor', 'user', 'admin'];

/** One request as the fuzzer sends it; the session cookie is added at send time, from `persona`. */
export interface FuzzRequest {
  /** The route it aims at, as the table names it: "POST /api/gallery". */
  route: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  persona: Persona;
  lang: Language;
  /** What was done to it, for the report: "body.caption bad", "params.id ../". */
  label: string;
}

interface Part {
  value: unknown;
  label: string;
}

/** Path segments that have tricked routers and file servers, sent as they are (not encoded again). */
const RAW_SEGMENTS = [
  '..',
  '../..',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '%00',
  'a%00b',
  '%ZZ',
  '%',
  '9'.repeat(400),
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '2147483648',
  '%F0%9F%98%80',
  '%ED%A0%80',
  '%E2%80%AE',
  '%20',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%27%20OR%201%3D1%20--',
];

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes out as its UTF-8 bytes would. */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * A valid object for the schema, or one with a single thing wrong: a field's value, a missing
 * required field, extra fields. `where` names it in the label.
 */
function objectArbitrary(schema: JsonSchema | null, known: Known, where: string): fc.Arbitrary<Part> {
  const node = schema ? objectNode(schema) : null;
  if (!schema || !node) {
    const any = schema ? validArbitrary(schema, schema, known) : fc.constant({});
    return fc.oneof(
      any.map((value) => ({ value, label: `${where} valid` })),
      fc.constantFrom(...WRONG_TYPES).map((value) => ({ value, label: `${where} wrong type` })),
    );
  }
  const valid = validArbitrary(node, schema, known) as fc.Arbitrary<Record<string, unknown>>;
  const keys = Object.keys(node.properties ?? {});
  const required = (node.required ?? []).filter((k) => keys.includes(k));
  const options: fc.WeightedArbitrary<Part>[] = [{ arbitrary: valid.map((value) => ({ value, label: `${where} valid` })), weight: 2 }];
  if (keys.length) {
    const bad = fc.constantFrom(...keys).chain((key) =>
      fc.tuple(valid, badArbitrary(node.properties?.[key] ?? {}, schema, key)).map(([value, wrong]) => ({ value: { ...value, [key]: wrong }, label: `${where}.${key} bad` })),
    );
    options.push({ arbitrary: bad, weight: 8 });
  }
  if (required.length) {
    const missing = fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => {
      const { [key]: _dropped, ...rest } = value;
      return { value: rest, label: `${where}.${key} missing` };
    });
    options.push({ arbitrary: missing, weight: 2 });
  }
  const extra = fc.tuple(valid, fc.constantFrom(...NASTY_STRINGS), fc.constantFrom(...NASTY_STRINGS)).map(([value, key, v]) => ({
    value: { ...value, [key || 'empty']: v, isAdmin: true, role: 'admin', userId: 1 },
    label: `${where} extra fields`,
  }));
  options.push({ arbitrary: extra, weight: 1 });
  return fc.oneof(...options);
}

/** Puts `"__proto__"` and `"constructor"` keys into a JSON object's text, where JSON.stringify never would. */
function withProtoKeys(json: string): string {
  if (!json.startsWith('{')) return json;
  const inner = json.slice(1);
  return `{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"polluted":1}}${inner === '}' ? '}' : `,${inner}`}`;
}

const BROKEN_JSON = [
  '{',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '{"a" 1}',
  'undefined',
  'NaN',
  '\u0000',
  '"\\ud800"',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  `{"a":${'1'.repeat(400)}}`,
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  '',
  ' ',
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'application/json, text/html',
  'image/png',
  '',
];

interface Body {
  payload?: string | Buffer;
  contentType?: string;
  label: string;
}

function jsonBodyArbitrary(schema: JsonSchema | null, known: Known): fc.Arbitrary<Body> {
  const object = objectArbitrary(schema, known, 'body');
  const json = (part: Part): Body => ({ payload: JSON.stringify(part.value) ?? 'null', contentType: 'application/json', label: part.label });
  return fc.oneof(
    { arbitrary: object.map(json), weight: 14 },
    { arbitrary: object.map((part) => ({ ...json(part), payload: withProtoKeys(JSON.stringify(part.value) ?? '{}'), label: `${part.label}, __proto__ keys` })), weight: 2 },
    {
      arbitrary: fc.tuple(object, fc.constantFrom<unknown>([], 'text', 42, null, true, [{}])).map(([part, shape]) => ({
        payload: JSON.stringify(Array.isArray(shape) && shape.length ? [part.value] : shape),
        contentType: 'application/json',
        label: 'body not an object',
      })),
      weight: 2,
    },
    { arbitrary: fc.constantFrom(...BROKEN_JSON).map((payload) => ({ payload, contentType: 'application/json', label: 'body broken JSON' })), weight: 3 },
    {
      arbitrary: fc.tuple(object, fc.constantFrom(...WRONG_CONTENT_TYPES)).map(([part, contentType]) => ({
        payload: JSON.stringify(part.value) ?? '',
        contentType: contentType || undefined,
        label: `body as "${contentType}"`,
      })),
      weight: 2,
    },
    { arbitrary: fc.constant({ payload: `{"a":"${'a'.repeat(BODY_LIMIT_BYTES)}"}`, contentType: 'application/json', label: 'body over the limit' }), weight: 1 },
  );
}

/** A 1×1 PNG: the smallest picture an image pipeline accepts or refuses for its size. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const FILES: readonly { name: string; bytes: Buffer; type: string }[] = [
  { name: 'tiny.png', bytes: TINY_PNG, type: 'image/png' },
  { name: 'cut.png', bytes: TINY_PNG.subarray(0, 30), type: 'image/png' },
  { name: 'empty.jpg', bytes: Buffer.alloc(0), type: 'image/jpeg' },
  { name: 'text.jpg', bytes: Buffer.from('not an image at all'), type: 'image/jpeg' },
  { name: 'x.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), type: 'image/svg+xml' },
  { name: 'gif.gif', bytes: Buffer.from('GIF89a\u0001\u0000\u0001\u0000'), type: 'image/gif' },
  { name: '../../evil.png', bytes: TINY_PNG, type: 'image/png' },
  { name: 'ü\u202Egnp.exe', bytes: TINY_PNG, type: 'application/octet-stream' },
];

interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

function multipart(parts: FormPart[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function formFields(value: unknown): FormPart[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [{ name: 'value', value: asText(value) }];
  const parts: FormPart[] = [];
  for (const [name, v] of Object.entries(value)) {
    for (const item of Array.isArray(v) ? v : [v]) parts.push({ name, value: asText(item) });
  }
  return parts;
}

function uploadBodyArbitrary(upload: NonNullable<RouteInput['upload']>, known: Known): fc.Arbitrary<Body> {
  const fieldsSchema = jsonSchemaOf(upload.fields);
  const fields = objectArbitrary(fieldsSchema, known, 'form');
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const type = `multipart/form-data; boundary=${boundary}`;
  const form = (parts: FormPart[], label: string, contentType = type): Body => ({ payload: multipart(parts, boundary), contentType, label });
  const file = fc.constantFrom(...FILES);
  const filePart = (f: (typeof FILES)[number]): FormPart => ({ name: upload.file, value: f.bytes, filename: f.name, type: f.type });
  return fc.oneof(
    { arbitrary: fc.tuple(fields, file).map(([part, f]) => form([...formFields(part.value), filePart(f)], `${part.label}, file ${f.name}`)), weight: 10 },
    { arbitrary: fields.map((part) => form(formFields(part.value), `${part.label}, no file`)), weight: 2 },
    { arbitrary: fc.tuple(fields, file).map(([part, f]) => form([...formFields(part.value), filePart(f), filePart(f)], 'form with two files')), weight: 1 },
    { arbitrary: fc.tuple(fields, file).map(([part, f]) => form([...formFields(part.value), { name: upload.file, value: f.bytes }], 'form with the file as a field')), weight: 1 },
    { arbitrary: file.map((f) => form([filePart(f), ...Array.from({ length: 60 }, (_, i) => ({ name: `f${i}`, value: 'x' }))], 'form with too many parts')), weight: 1 },
    { arbitrary: file.map((f) => form([{ name: 'caption', value: 'x'.repeat(20_000) }, filePart(f)], 'form with a huge field')), weight: 1 },
    { arbitrary: file.map((f) => form([filePart(f)], 'form without a boundary', 'multipart/form-data')), weight: 1 },
    { arbitrary: file.map((f) => form([filePart(f)], 'form with another boundary', 'multipart/form-data; boundary=other')), weight: 1 },
    {
      arbitrary: file.map((f) => {
        const whole = multipart([filePart({ ...f, bytes: TINY_PNG })], boundary);
        return { payload: whole.subarray(0, Math.floor(whole.length / 2)), contentType: type, label: 'form cut off' };
      }),
      weight: 2,
    },
    { arbitrary: fc.constant({ payload: Buffer.from('--x\r\n\r\n--x--'), contentType: type, label: 'form garbage' }), weight: 1 },
    { arbitrary: fields.map((part) => ({ payload: JSON.stringify(part.value), contentType: 'application/json', label: 'form sent as JSON' })), weight: 1 },
    { arbitrary: fc.constant(form([{ name: upload.file, value: Buffer.alloc(GALLERY_IMAGE_MAX_BYTES + 2, 1), filename: 'big.png', type: 'image/png' }], 'form with a file over the limit')), weight: 1 },
  );
}

function queryString(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return `q=${encode(asText(value))}`;
  const pairs: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    for (const item of Array.isArray(v) ? (v.length ? v : ['']) : [v]) {
      if (item !== null && typeof item === 'object') {
        for (const [sub, x] of Object.entries(item)) pairs.push(`${encode(key)}[${encode(sub)}]=${encode(asText(x))}`);
      } else pairs.push(`${encode(key)}=${encode(asText(item).slice(0, 8000))}`);
    }
  }
  return pairs.join('&');
}

function queryArbitrary(schema: JsonSchema | null, known: Known): fc.Arbitrary<Part> {
  const object = objectArbitrary(schema, known, 'query');
  const keys = Object.keys((schema && objectNode(schema)?.properties) ?? {});
  const options: fc.WeightedArbitrary<Part>[] = [{ arbitrary: object.map((part) => ({ value: queryString(part.value), label: part.label })), weight: 10 }];
  if (keys.length) {
    options.push({
      arbitrary: fc.tuple(object, fc.constantFrom(...keys), fc.constantFrom('1', 'x', '', '-1')).map(([part, key, v]) => ({
        value: `${queryString(part.value)}&${encode(key)}=${v}&${encode(key)}=${v}2`,
        label: `query.${key} twice`,
      })),
      weight: 2,
    });
  }
  options.push({
    arbitrary: fc.constantFrom('&&&', '=', '==x', 'a=%ZZ', 'a=%00', '%00=1', 'a[]=1&a[]=2', 'a[b][c]=1', `a=${'x'.repeat(6000)}`, '__proto__[role]=admin', 'constructor[prototype][x]=1', '?', 'a=1;b=2').map((value) => ({ value, label: 'query garbage' })),
    weight: 1,
  });
  return fc.oneof(...options);
}

/** A value for each `:name` in the route's path (and `*`), mostly valid, some raw attacks. */
function pathArbitrary(url: string, schema: JsonSchema | null, known: Known): fc.Arbitrary<Part> {
  const names = [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  if (!names.length) return fc.constant({ value: url, label: '' });
  const node = schema ? objectNode(schema) : null;
  const arbs = names.map((name) => {
    const valid = (node?.properties?.[name] && schema ? validArbitrary(node.properties[name], schema, known, name) : fc.constantFrom(...known.ids)).map((v) => ({
      text: name === '*' ? asText(v) : encode(asText(v)),
      label: '',
    }));
    const raw = fc.constantFrom(...RAW_SEGMENTS).map((text) => ({ text, label: `params.${name} ${text.slice(0, 20)}` }));
    const nasty = fc.constantFrom(...NASTY_STRINGS, MEGABYTE.slice(0, 2000)).map((s) => ({ text: encode(s) || 'x', label: `params.${name} bad` }));
    return fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: raw, weight: 3 }, { arbitrary: nasty, weight: 2 });
  });
  return fc.tuple(...arbs).map((values) => {
    let i = 0;
    const filled = url.replace(/:(\w+)|\*/g, () => values[i++]?.text ?? '');
    return { value: filled, label: values.map((v) => v.label).filter(Boolean).join(', ') };
  });
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** How the request names its language: the app's header, the browser's, both, or a made-up one. */
function languageHeaders(lang: Language, via: number): Record<string, string> {
  if (via === 0) return { 'x-language': lang };
  if (via === 1) return { 'accept-language': `${lang}-XX,${lang};q=0.9,en;q=0.1` };
  if (via === 2) return { 'accept-language': lang };
  return { 'x-language': lang, 'accept-language': 'zz, *;q=0.5' };
}

/** Every request the fuzzer may send to one route, as a fast-check arbitrary. */
export function routeArbitrary(route: RouteEntry & { input: RouteInput }, known: Known, publicUrl: string): fc.Arbitrary<FuzzRequest> {
  const schemaOf = (s: RouteInput['params']) => (s ? jsonSchemaOf(s) : null);
  const admin = route.url.startsWith('/api/admin') || /moderation/.test(route.url);
  const persona = fc.oneof({ arbitrary: fc.constant<Persona>('visitor'), weight: admin ? 1 : 2 }, { arbitrary: fc.constant<Persona>('user'), weight: 2 }, { arbitrary: fc.constant<Persona>('admin'), weight: admin ? 6 : 1 });
  const sendsBody = STATE_CHANGING.has(route.method);
  const body: fc.Arbitrary<Body> = route.input.upload
    ? uploadBodyArbitrary(route.input.upload, known)
    : route.input.body
      ? jsonBodyArbitrary(schemaOf(route.input.body), known)
      : sendsBody
        ? fc.oneof({ arbitrary: fc.constant<Body>({ label: '' }), weight: 4 }, { arbitrary: jsonBodyArbitrary(null, known), weight: 1 })
        : fc.constant<Body>({ label: '' });
  const query = route.input.query ? queryArbitrary(schemaOf(route.input.query), known) : fc.oneof({ arbitrary: fc.constant<Part>({ value: '', label: '' }), weight: 4 }, { arbitrary: queryArbitrary(null, known), weight: 1 });
  const origin = fc.oneof({ arbitrary: fc.constant(publicUrl), weight: 12 }, { arbitrary: fc.constantFrom('', 'null', 'https://evil.example', 'not a url'), weight: 1 });
  return fc
    .record({
      persona,
      lang: fc.constantFrom(...LANGUAGES),
      via: fc.integer({ min: 0, max: 3 }),
      path: pathArbitrary(route.url, schemaOf(route.input.params), known),
      query,
      body,
      origin,
    })
    .map(({ persona: who, lang, via, path, query: q, body: b, origin: o }) => {
      const headers: Record<string, string> = { ...languageHeaders(lang, via) };
      if (sendsBody && o) headers.origin = o;
      if (b.contentType) headers['content-type'] = b.contentType;
      const search = asText(q.value);
      return {
        route: `${route.method} ${route.url}`,
        method: route.method,
        url: `${asText(path.value)}${search ? `?${search}` : ''}`,
        headers,
        ...(b.payload !== undefined && route.method !== 'GET' && route.method !== 'HEAD' ? { payload: b.payload } : {}),
        persona: who,
        lang,
        label: [path.label, q.label, b.label, sendsBody && o !== publicUrl ? `origin "${o}"` : ''].filter(Boolean).join('; ') || 'valid',
      };
    });
}
