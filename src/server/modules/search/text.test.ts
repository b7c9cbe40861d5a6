import { describe, expect, it } from 'vitest';
import { ftsQuery } from './repo';
import { detectLanguage, fold, indexTerms, queryWords, snippet, stem, words } from './text';

describe('search words', () => {
  it('folds as unaccent does and stems with Snowball', () => {
    expect(fold('tätowierungen')).toBe('tatowierungen');
    expect(fold('straße')).toBe('strasse');
    expect(fold('œuvre')).toBe('oeuvre');
    expect(stem('de', fold('tätowierungen'))).toBe('tatowier');
    expect(stem('de', fold('tätowierung'))).toBe('tatowier');
    expect(stem('en', 'tattoos')).toBe('tattoo');
    // Numbers stay whole, as PostgreSQL's number tokens go to `simple`.
    expect(stem('en', '2017s')).toBe('2017s');
  });

  it('splits text into lowercased words of letters and digits only', () => {
    expect(words('Fine-Line & Dotwork, seit 2017: ﬁne "NEAR" *x*')).toEqual(['fine', 'line', 'dotwork', 'seit', '2017', 'fine', 'near', 'x']);
    expect(words('"* :^ ()')).toEqual([]);
    expect(indexTerms('de', words('Tätowierungen'))).toBe('tatowierungen tatowier');
  });

  it('makes an FTS5 query of quoted terms only, the last word a prefix', () => {
    expect(ftsQuery(queryWords('NEAR(berlin "tätowierungen', 'de'))).toBe('("near") AND ("berlin") AND ("tatowier" OR "tatowierungen"*)');
    // A last word of one character is that word alone: "1*" would be every number there is.
    expect(ftsQuery(queryWords('studio 1', 'en'))).toBe('("studio") AND ("1")');
    expect(ftsQuery(queryWords('studio 12', 'en'))).toBe('("studio") AND ("12" OR "12"*)');
    const cut = snippet('Room 1 and room 12', queryWords('room 1', 'en'), { searcher: 'en', document: 'en' });
    expect(cut.highlights.map(([a, b]) => cut.snippet.slice(a, b))).toEqual(['Room', '1', 'room']);
  });

  it('detects a document language, and falls back for short texts', () => {
    expect(detectLanguage('Je suis tatoueuse à Lyon, spécialisée en dotwork et en motifs floraux.', 'de')).toBe('fr');
    expect(detectLanguage('Lena Ink', 'pt')).toBe('pt');
  });

  it('cuts a snippet around the first hit with offsets of every matched word', () => {
    const body = `${'Vorwort '.repeat(40)}Eine Tätowierung braucht Zeit, viele Tätowierungen noch mehr.`;
    const cut = snippet(body, queryWords('tätowierungen', 'de'), { searcher: 'de', document: 'de' });
    expect(cut.snippet.startsWith('…')).toBe(true);
    expect(cut.highlights.map(([s, e]) => cut.snippet.slice(s, e))).toEqual(['Tätowierung', 'Tätowierungen']);
    const short = snippet('Fine Line in Berlin', queryWords('berl', 'en'), { searcher: 'en', document: 'de' });
    expect(short).toEqual({ snippet: 'Fine Line in Berlin', highlights: [[13, 19]] });
  });
});

describe('the snippet, read only as far as it needs', () => {
  const LANGS = ['en', 'de', 'es', 'fr', 'pt'] as const;
  const WORDS = ['Tätowierung', 'tätowierungen', 'Gastplätze', 'Straße', 'blackwork', 'Black', 'fine', 'LINE', 'ﬁne', 'ＢＥＲＬＩＮ', 'Berlin', 'berliner', 'tatouage', 'tatuagem', 'realismo', 'Realismus', 'œuvre', 'Zürich', 'São', 'Paulo', 'mañana', 'happy', 'happiness', '2027', 'r2d2', 'x'];
  const SEPARATORS = [' ', ' ', ' ', ', ', '. ', ' · ', '\n', ' — ', '  '];

  /** Every word of the body judged, then the excerpt cut: the plain reading of the rule. */
  function everyWordJudged(body: string, query: ReturnType<typeof queryWords>, lang: { searcher: (typeof LANGS)[number]; document: (typeof LANGS)[number] }) {
    const last = query.at(-1);
    const matches = (token: string) => {
      const folded = fold(token.normalize('NFKC').toLowerCase());
      if (last && folded.startsWith(last.exact)) return true;
      const stems = new Set([stem(lang.searcher, folded), stem(lang.document, folded)]);
      return query.some((q) => q.exact === folded || stems.has(q.stem));
    };
    const tokens = [...body.matchAll(/[\p{L}\p{M}\p{N}]+/gu)].map((m) => ({ start: m.index, end: m.index + m[0].length, hit: matches(m[0]) }));
    const first = tokens.find((t) => t.hit);
    let start = 0;
    if (first && first.end > 180 - 50) start = tokens.findLast((t) => t.start <= first.start - 50)?.start ?? tokens.find((t) => t.start >= first.start - 50)?.start ?? first.start;
    let end = Math.min(body.length, start + 180);
    if (end < body.length) end = tokens.findLast((t) => t.end <= end && t.start > start)?.end ?? end;
    const prefix = start > 0 ? '…' : '';
    const text = prefix + body.slice(start, end).trim() + (end < body.length ? '…' : '');
    const shift = prefix.length - start - (body.slice(start, end).length - body.slice(start, end).trimStart().length);
    return { snippet: text, highlights: tokens.filter((t) => t.hit && t.start >= start && t.end <= end).map((t): [number, number] => [t.start + shift, t.end + shift]) };
  }

  it('cuts what judging every word cuts, and indexes what folding every word gives, over 2,000 bodies short and long', () => {
    let seed = 20261129;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pick = <T,>(list: readonly T[]) => list[next(list.length)] as T;
    for (let i = 0; i < 2000; i++) {
      const length = pick([1, 5, 20, 60, 400, 3000]);
      const body = Array.from({ length }, () => pick(WORDS) + pick(SEPARATORS)).join('').slice(0, next(2) ? undefined : -1);
      const q = Array.from({ length: 1 + next(3) }, () => pick(WORDS).slice(0, 3 + next(8))).join(' ');
      const lang = { searcher: pick(LANGS), document: pick(LANGS) };
      const query = queryWords(q, lang.searcher);
      expect(snippet(body, query, lang), `${q} in ${body.slice(0, 80)}`).toEqual(everyWordJudged(body, query, lang));
      // The index's terms, each distinct word folded once, are what folding every word gives.
      const everyWord = new Set(words(body).flatMap((w) => [fold(w), stem(lang.document, fold(w))]));
      expect(indexTerms(lang.document, words(body))).toBe([...everyWord].join(' '));
    }
  });
});
