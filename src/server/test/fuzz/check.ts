import { LANGUAGES, type Language } from '../../../common/languages';
import deErrors from '../../../common/locales/de/errors.json';
import deServerErrors from '../../../common/locales/de/serverErrors.json';
import enErrors from '../../../common/locales/en/errors.json';
import enServerErrors from '../../../common/locales/en/serverErrors.json';
import esErrors from '../../../common/locales/es/errors.json';
import esServerErrors from '../../../common/locales/es/serverErrors.json';
import frErrors from '../../../common/locales/fr/errors.json';
import frServerErrors from '../../../common/locales/fr/serverErrors.json';
import ptErrors from '../../../common/locales/pt/errors.json';
import ptServerErrors from '../../../common/locales/pt/serverErrors.json';
import type { FuzzRequest } from './requests';

/** What came back, as the checks need it (inject and a socket both give this). */
export interface FuzzAnswer {
  status: number;
  contentType: string;
  body: string;
}

type Dict = Record<string, string>;
const TEXTS: Record<Language, Dict> = {
  en: { ...enErrors, ...enServerErrors },
  de: { ...deErrors, ...deServerErrors },
  es: { ...esErrors, ...esServerErrors },
  fr: { ...frErrors, ...frServerErrors },
  pt: { ...ptErrors, ...ptServerErrors },
};

const PLACEHOLDER = /\{\{\s*[\w.]+\s*\}\}/g;

function templatePattern(text: string): RegExp {
  const escaped = text
    .split(PLACEHOLDER)
    .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*?');
  return new RegExp(`^${escaped}$`);
}

/**
 * Per language, every error text the server can answer in it, as patterns (placeholders match
 * anything): the language's own text of each key, or the text the translator falls back to
 * (German, then English) where it has none.
 */
const ANSWERABLE: Record<Language, { key: string; pattern: RegExp }[]> = { en: [], de: [], es: [], fr: [], pt: [] };
for (const lang of LANGUAGES) {
  for (const key of Object.keys(TEXTS.en)) {
    const text = TEXTS[lang][key] ?? TEXTS.de[key] ?? TEXTS.en[key];
    if (text) ANSWERABLE[lang].push({ key, pattern: templatePattern(text) });
  }
}

/** The key whose text (in `lang`, with its placeholders filled) the error is, or null. */
export function errorKeyOf(lang: Language, error: string): string | null {
  return ANSWERABLE[lang].find(({ pattern }) => pattern.test(error))?.key ?? null;
}

/** zod's and Fastify's own English wording, which must never reach an answer. */
const LIBRARY_WORDING = /Invalid input|[Ee]xpected [a-z]+, received|\bRequired\b|Too (small|big)|Unrecognized keys?|Invalid (string|option|enum|type|format|key|element|union|date|email address|URL)\b|FST_[A-Z_]+|Unsupported Media Type: /;

/** A stack frame, or a database's or driver's own error text. */
const LEAKS = [
  /\n\s+at [^\n]+:\d+:\d+\)?/,
  /(?:node_modules|src\/server)\/[\w./-]+\.(?:js|ts)/,
  /SqliteError|SQLITE_[A-Z]+|UNIQUE constraint failed|FOREIGN KEY constraint failed|NOT NULL constraint failed|no such (?:column|table)/,
  /syntax error at or near|violates (?:foreign key|unique|not-null|check) constraint|duplicate key value|relation "[^"]+" does not exist|invalid input syntax for|value too long for type|out of range for type|invalid byte sequence/,
  /\bTypeError\b|\bReferenceError\b|\bRangeError\b|Cannot read propert/,
];

const TEXTUAL = /json|text|xml|javascript|html/;

/** What is wrong with one answer, or an empty list. */
export function problemsOf(request: FuzzRequest, answer: FuzzAnswer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  const textual = TEXTUAL.test(answer.contentType) || answer.contentType === '';
  if (textual) {
    for (const leak of LEAKS) {
      const match = leak.exec(answer.body);
      if (match) problems.push(`leaks "${match[0].trim().slice(0, 80)}"`);
    }
  }
  if (answer.status < 400 || answer.status >= 500 || request.method === 'HEAD') return problems;
  // The path as the server reads it (dot segments resolved), which decides what a miss is.
  const isApi = new URL(request.url, 'http://fuzz.invalid').pathname.startsWith('/api/');
  if (!answer.contentType.includes('json')) {
    // Outside the API a missing page is a page, rendered in the request's language.
    if (!isApi && answer.contentType.includes('html')) return problems;
    problems.push(`${answer.status} answered as "${answer.contentType}", not JSON with an error`);
    return problems;
  }
  let error: unknown;
  try {
    error = (JSON.parse(answer.body) as { error?: unknown }).error;
  } catch {
    problems.push(`${answer.status} with a body that is not JSON`);
    return problems;
  }
  if (typeof error !== 'string' || !error.trim()) {
    problems.push(`${answer.status} without an error text`);
    return problems;
  }
  if (/\{\{|\}\}/.test(error)) problems.push(`error text with an unfilled placeholder: "${error.slice(0, 80)}"`);
  if (LIBRARY_WORDING.test(error)) problems.push(`library wording in the error: "${error.slice(0, 80)}"`);
  if (!errorKeyOf(request.lang, error)) problems.push(`error is no text of the ${request.lang} translations: "${error.slice(0, 80)}"`);
  return problems;
}
