import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../common/languages';
import { CONCEPTS, forbiddenRegExp, GLOSSARY, SPEC_QUOTES, violations } from './glossary';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every folder of interface texts: the web app's and the shared ones the server writes into pages, heads and mails. */
const FOLDERS = [path.join(import.meta.dirname, 'locales'), path.join(import.meta.dirname, '../../common/locales')];

function texts(node: Json, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (node !== null && typeof node === 'object') {
    return Object.entries(node).flatMap(([key, value]) => texts(value, prefix ? `${prefix}.${key}` : key));
  }
  return [];
}

function localeTexts(lang: string): [string, string][] {
  return FOLDERS.flatMap((folder) => {
    const dir = path.join(folder, lang);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) =>
        texts(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Json).map(([key, text]): [string, string] => [
          `${path.relative(path.join(import.meta.dirname, '../..'), path.join(dir, file))}: ${key}`,
          text,
        ]),
      );
  });
}

describe('glossary', () => {
  it('names one term and its forbidden variants for every concept in every language', () => {
    for (const lang of LANGUAGES) {
      for (const concept of CONCEPTS) {
        const term = GLOSSARY[lang][concept];
        expect(term.singular.trim(), `${lang} ${concept}`).not.toBe('');
        for (const rule of term.forbidden) {
          // A rule that forbids the term itself would leave the language nothing to say.
          expect(forbiddenRegExp(rule).test(term.singular), `${lang} ${concept} forbids its own term`).toBe(false);
        }
      }
    }
  });

  it('finds forbidden variants by word, inside compounds where asked, ignoring case, markup and placeholders', () => {
    expect(violations('de', 'Passende Artists')).toMatchObject([{ concept: 'artist', found: 'Artist' }]);
    expect(violations('de', 'Studios suchen Gastartists')).toMatchObject([{ concept: 'artist', found: 'artist' }]);
    expect(violations('de', 'Für Tätowierer:innen').map((v) => v.found)).toEqual(['Tätowierer']);
    expect(violations('de', 'Für Künstler:innen').map((v) => v.concept)).toEqual(['artist']);
    expect(violations('de', 'Ein neuer Gastspot')).toMatchObject([{ concept: 'guestSpot' }]);
    expect(violations('de', 'Bitte wähle Tätowierer:in oder Studio.')).toEqual([]);
    expect(violations('de', 'Die Featured-Künstler konnten nicht geladen werden.')).toEqual([]);
    expect(violations('de', 'Nachrichten auf Tattoo Guest Spots')).toEqual([]);
    expect(violations('de', 'Hallo {{artist}}, <b>Gastplatz</b>')).toEqual([]);
    expect(violations('fr', 'Guest spots')).toMatchObject([{ concept: 'guestSpot' }]);
    expect(violations('fr', 'Postes invités')).toEqual([]);
    expect(violations('en', 'a guest spot for a tattooist')).toMatchObject([{ concept: 'artist', found: 'tattooist' }]);
    expect(violations('en', 'whose style fits your clients')).toEqual([]);
    expect(violations('es', 'Guest spots para tatuadores')).toEqual([]);
    expect(violations('es', 'Un guest en Madrid')).toMatchObject([{ concept: 'guestSpot' }]);
  });

  it('is written down for people in docs/glossary, term for term', () => {
    for (const lang of LANGUAGES) {
      const doc = readFileSync(path.join(import.meta.dirname, '../../../docs/glossary', `${lang}.md`), 'utf8');
      for (const concept of CONCEPTS) expect(doc, `${lang} ${concept}`).toContain(`**${GLOSSARY[lang][concept].singular}** / **${GLOSSARY[lang][concept].plural}**`);
    }
  });

  it('allows only spec quotes that the locale files still carry word for word', () => {
    for (const lang of LANGUAGES) {
      const all = new Set(localeTexts(lang).map(([, text]) => text));
      for (const quote of SPEC_QUOTES[lang]) expect(all.has(quote), `${lang}: ${quote}`).toBe(true);
    }
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: no locale text uses a term its glossary forbids`, () => {
      const all = localeTexts(lang);
      expect(all.length).toBeGreaterThan(100);
      const found = all.flatMap(([where, text]) =>
        violations(lang, text).map((v) => `${where}: "${v.found}" (${v.concept}; use ${v.use})`),
      );
      expect(found).toEqual([]);
    });
  }
});
