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
