import snowball from 'snowball-stemmers';
import { detect } from 'tinyld/light';
import { LANGUAGES, type Language } from '../../../common/languages';

/**
 * The words of search, alike on both engines (docs/decisions/029). The app splits text into
 * words itself and hands both engines the same words: SQLite gets them folded and stemmed here,
 * PostgreSQL gets them lowercased and folds (unaccent) and stems (Snowball) them with its text
 * search configurations. The folding below is unaccent's for the letters it does not merely strip
 * a mark from, and the stemmers are the same Snowball algorithms, so a word yields the same
 * terms on both ("Tätowierungen", "Tätowierung": `tatowier`).
 */

const STEMMER_NAMES: Record<Language, string> = { en: 'english', de: 'german', es: 'spanish', fr: 'french', pt: 'portuguese' };
const stemmers = new Map<Language, { stem(word: string): string }>();
const stems = new Map<string, string>();
const STEM_MEMORY = 100_000;

/** Letters PostgreSQL's unaccent rules turn into other letters (the rest lose their marks, as NFD shows). */
const UNACCENT: Readonly<Record<string, string>> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ð: 'd', đ: 'd', þ: 'th', ħ: 'h', ı: 'i', ĸ: 'q', ł: 'l', ŋ: 'n', ŧ: 't', ƀ: 'b', ɨ: 'i',
};
const UNACCENT_LETTERS = new RegExp(`[${Object.keys(UNACCENT).join('')}]`, 'g');

/** A word longer than this is no word anyone searches for (and PostgreSQL's parser drops very long ones). */
const MAX_WORD = 60;
/** Query words after this are ignored: a search is a few words, not a paragraph. */
export const MAX_QUERY_WORDS = 8;

/** Text with compatibility forms unified (ﬁ, ｆｕｌｌ, ℓ) and lowercased: what both engines are handed. */
function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** The words of a text as both engines get them: runs of letters, marks and digits, lowercased. */
export function words(text: string): string[] {
  // A run of marks alone is no word: neither engine would find a term in it.
  return (normalize(text).match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).filter((w) => w.length <= MAX_WORD && /[\p{L}\p{N}]/u.test(w));
}

/** A lowercased word without its accents, as unaccent leaves it: "tätowierung" -> "tatowierung", "straße" -> "strasse". */
export function fold(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(UNACCENT_LETTERS, (c) => UNACCENT[c] ?? c)
    .normalize('NFC');
}

/**
 * A folded word's stem in a language. Words with digits are kept whole, as the configurations
 * map PostgreSQL's number tokens to `simple`.
 */
export function stem(lang: Language, folded: string): string {
  if (/\p{N}/u.test(folded)) return folded;
  const key = `${lang}:${folded}`;
  const known = stems.get(key);
  if (known !== undefined) return known;
  let stemmer = stemmers.get(lang);
  if (!stemmer) {
    stemmer = snowball.newStemmer(STEMMER_NAMES[lang]);
    stemmers.set(lang, stemmer);
  }
  const made = stemmer.stem(folded);
  // Words repeat a lot (a rebuild stems every document): remembered, up to a bound.
  if (stems.size >= STEM_MEMORY) stems.clear();
  stems.set(key, made);
  return made;
}

/** What SQLite's index holds for words in a language: each word folded, and its stem (FTS5 matches either). */
export function indexTerms(lang: Language, list: string[]): string {
  const terms = new Set<string>();
  // A forum thread's text repeats its words thousands of times: each distinct one is folded once.
  for (const word of new Set(list)) {
    const folded = /^[a-z0-9]+$/.test(word) ? word : fold(word);
    terms.add(folded);
    terms.add(stem(lang, folded));
  }
  return [...terms].join(' ');
}

/**
 * One word of a query: as typed (lowercased), folded, and stemmed in the searcher's language;
 * `prefix` when words beginning with it match too.
 */
export interface QueryWord {
  word: string;
  exact: string;
  stem: string;
  prefix: boolean;
}

/** The last word is read as a prefix (still being typed) from this many characters on. */
const PREFIX_MIN = 2;

/**
 * A query's words (at most MAX_QUERY_WORDS); none when it has no letter or digit (`"*"`, `:^`).
 * The last one is also a prefix unless it is a single character: every word beginning with "1"
 * or "a" finds nearly everything, and made both engines merge the lists of thousands of words.
 */
export function queryWords(q: string, lang: Language): QueryWord[] {
  const list = words(q).slice(0, MAX_QUERY_WORDS);
  return list.map((word, i) => {
    const exact = fold(word);
    return { word, exact, stem: stem(lang, exact), prefix: i === list.length - 1 && [...exact].length >= PREFIX_MIN };
  });
}

/** Below this many letters a language guess is noise: the author's language decides. */
const MIN_DETECT_LETTERS = 25;
const DETECT_CHARS = 300;
const DETECT_MEMORY = 10_000;
const detected = new Map<string, Language | null>();

/** The language a document's words are stemmed in: detected from its text, else `fallback`. */
export function detectLanguage(text: string, fallback: Language): Language {
  if ((text.match(/\p{L}/gu)?.length ?? 0) < MIN_DETECT_LETTERS) return fallback;
  // A few sentences tell the language as well as a whole bio, at a fraction of the time; digits tell nothing.
  const sample = text.slice(0, DETECT_CHARS).replace(/\p{N}+/gu, '');
  let found = detected.get(sample);
  if (found === undefined) {
    const guess = detect(sample, { only: [...LANGUAGES] });
    found = (LANGUAGES as readonly string[]).includes(guess) ? (guess as Language) : null;
    // Texts repeat (a rebuild, templates): remembered, up to a bound.
    if (detected.size >= DETECT_MEMORY) detected.clear();
    detected.set(sample, found);
  }
  return found ?? fallback;
}

const SNIPPET_LENGTH = 180;
const SNIPPET_LEAD = 50;
const ELLIPSIS = '…';

/**
 * A plain-text excerpt of `body` around its first matched word, and the [start, end) offsets of
 * every matched word in it: a word matches a query word when it is that word (folded), begins
 * with the last one (typed so far), or shares its stem in the searcher's or the document's
 * language.
 */
export function snippet(body: string, query: QueryWord[], lang: { searcher: Language; document: Language }): { snippet: string; highlights: [number, number][] } {
  const last = query.at(-1)?.prefix ? query.at(-1) : undefined;
  const asTyped = new Set(query.map((q) => q.exact));
  const queryStems = new Set(query.map((q) => q.stem));
  // Bodies repeat their words: each distinct word is judged once.
  const judged = new Map<string, boolean>();
  const matches = (token: string): boolean => {
    let hit = judged.get(token);
    if (hit === undefined) {
      // A word of ASCII letters and digits, lowercased, is already what NFKC, folding and NFC make of it.
      const folded = /^[A-Za-z0-9]+$/.test(token) ? token.toLowerCase() : fold(normalize(token));
      hit = (!!last && folded.startsWith(last.exact)) || asTyped.has(folded) || queryStems.has(stem(lang.searcher, folded)) || queryStems.has(stem(lang.document, folded));
      judged.set(token, hit);
    }
    return hit;
  };
  // The body is read up to the first hit and the excerpt after it: a forum thread's body holds
  // up to 100,000 characters, and judging every word of twenty of them held the event loop.
  const tokens: { start: number; end: number; text: string }[] = [];
  let first: (typeof tokens)[number] | undefined;
  const wordPattern = /[\p{L}\p{M}\p{N}]+/gu;
  for (let m = wordPattern.exec(body); m; m = wordPattern.exec(body)) {
    const token = { start: m.index, end: m.index + m[0].length, text: m[0] };
    tokens.push(token);
    if (!first && matches(token.text)) first = token;
    if (first && token.start > first.start + SNIPPET_LENGTH) break;
  }
  let start = 0;
  if (first && first.end > SNIPPET_LENGTH - SNIPPET_LEAD) {
    // Begin at a word a little before the first hit.
    start = tokens.findLast((t) => t.start <= first.start - SNIPPET_LEAD)?.start ?? tokens.find((t) => t.start >= first.start - SNIPPET_LEAD)?.start ?? first.start;
  }
  let end = Math.min(body.length, start + SNIPPET_LENGTH);
  if (end < body.length) end = tokens.findLast((t) => t.end <= end && t.start > start)?.end ?? end;
  const prefix = start > 0 ? ELLIPSIS : '';
  const text = prefix + body.slice(start, end).trim() + (end < body.length ? ELLIPSIS : '');
  const shift = prefix.length - start - (body.slice(start, end).length - body.slice(start, end).trimStart().length);
  const highlights = tokens.filter((t) => t.start >= start && t.end <= end && matches(t.text)).map((t): [number, number] => [t.start + shift, t.end + shift]);
  return { snippet: text, highlights };
}
