import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One voice per language (docs/decisions/019, docs/glossary/fr.md and pt.md): the product speaks to
 * the reader informally everywhere, German "du", Spanish "tú", French "tu" and European Portuguese
 * "tu". This test fails on any locale text that still says the formal or Brazilian "you": French
 * vous / votre / vos, Portuguese você / vocês.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

type VoiceLanguage = 'fr' | 'pt';

/** Every folder of interface texts: the web app's and the shared ones the server writes into pages, heads and mails. */
const FOLDERS = [path.join(import.meta.dirname, 'locales'), path.join(import.meta.dirname, '../../common/locales')];

/** The words that address the reader in the voice the product does not use: whole words, any case. */
const FORBIDDEN: Record<VoiceLanguage, { words: string[]; use: string }> = {
  fr: { words: ['vous', 'votre', 'vos'], use: 'tu / te / toi, ton / ta / tes' },
  pt: { words: ['você', 'vocês'], use: 'tu, o teu / a tua' },
};

/**
 * Nouns that contain one of the words without addressing anyone: "rendez-vous" (an appointment, as in
 * "Prends rendez-vous", "prise de rendez-vous") is one word in French, so its "vous" is no pronoun.
 */
const NOT_ADDRESS: Record<VoiceLanguage, RegExp[]> = {
  fr: [/(?<![\p{L}\p{N}_])rendez[-\u2010\u2011]vous(?![\p{L}\p{N}_])/giu],
  pt: [],
};

/**
 * Texts that may keep a forbidden word, by "file: key" (as the failures name them), each with the
 * reason. Empty: no locale text needs "vous" or "você" today. A quote that must stay word for word
 * (a spec quote, a quoted phrase) would go here; the test checks that every listed key still exists.
 */
const ALLOWED: Record<VoiceLanguage, Record<string, string>> = {
  fr: {},
  pt: {},
};

/** Placeholders and nested keys are not words the reader sees. */
const NOT_TEXT = /\{\{[^}]*\}\}|\$t\([^)]*\)/gu;

function wordRegExp(words: string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${words.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
}

/** The forbidden words a text uses, as written. */
function voiceViolations(lang: VoiceLanguage, text: string): string[] {
  let visible = text.replace(NOT_TEXT, ' ');
  for (const noun of NOT_ADDRESS[lang]) visible = visible.replace(noun, ' ');
  return [...visible.matchAll(wordRegExp(FORBIDDEN[lang].words))].map((match) => match[0]);
}

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

describe('voice', () => {
  it('finds the formal and Brazilian "you" as whole words, in any case, and nothing else', () => {
    expect(voiceViolations('fr', 'Connectez-vous pour gérer votre profil et VOS messages.')).toEqual(['vous', 'votre', 'VOS']);
    expect(voiceViolations('fr', 'Êtes-vous sûr ?')).toEqual(['vous']);
    expect(voiceViolations('fr', 'Vous, {{name}}')).toEqual(['Vous']);
    expect(voiceViolations('fr', 'Connecte-toi pour gérer ton profil et tes messages.')).toEqual([]);
    expect(voiceViolations('fr', 'Prends rendez-vous dans les Vosges ou à Vosne-Romanée.')).toEqual([]);
    expect(voiceViolations('fr', 'Bonjour {{vous}}')).toEqual([]);
    expect(voiceViolations('pt', 'Você segue {{name}}; vocês podem escrever.')).toEqual(['Você', 'vocês']);
    expect(voiceViolations('pt', 'VOCÊ')).toEqual(['VOCÊ']);
    expect(voiceViolations('pt', 'Segues {{name}}; o teu perfil mostra o número.')).toEqual([]);
  });

  it('allows only keys that the locale files still carry', () => {
    for (const lang of Object.keys(ALLOWED) as VoiceLanguage[]) {
      const keys = new Set(localeTexts(lang).map(([where]) => where));
      for (const [where, reason] of Object.entries(ALLOWED[lang])) {
        expect(keys.has(where), `${lang}: ${where} is allowed but no longer exists`).toBe(true);
        expect(reason.trim(), `${lang}: ${where} needs a reason`).not.toBe('');
      }
    }
  });

  for (const lang of Object.keys(FORBIDDEN) as VoiceLanguage[]) {
    it(`${lang}: no locale text addresses the reader with ${FORBIDDEN[lang].words.join(' / ')}`, () => {
      const all = localeTexts(lang);
      expect(all.length).toBeGreaterThan(100);
      const found = all
        .filter(([where]) => !(where in ALLOWED[lang]))
        .flatMap(([where, text]) => voiceViolations(lang, text).map((word) => `${where}: "${word}" (use ${FORBIDDEN[lang].use})`));
      expect(found).toEqual([]);
    });
  }
});
