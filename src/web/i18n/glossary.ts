import { z } from 'zod';
import { LANGUAGES, type Language } from '../../common/languages';
import de from './glossary/de.json';
import en from './glossary/en.json';
import es from './glossary/es.json';
import fr from './glossary/fr.json';
import pt from './glossary/pt.json';

/**
 * One voice per language (docs/decisions/019): for each concept the one term a language uses, and the
 * variants it must not use. docs/glossary/{lang}.md says the same for people; the glossary test
 * reads this module and fails on any locale text that uses a forbidden variant. The terms are data,
 * one file a language in ./glossary/; the schemas below keep those files to the shape the rules
 * expect, so a misspelt key fails loudly instead of being ignored.
 */

export const CONCEPTS = ['artist', 'studio', 'guestSpot', 'availability', 'featured', 'portfolio', 'match'] as const;

export type Concept = (typeof CONCEPTS)[number];

const forbiddenSchema = z.strictObject({
  /** A regular expression (Unicode, case-insensitive). */
  pattern: z.string(),
  /** Whole word only (default): letters or digits may not touch it on either side. False finds it inside compounds too. */
  word: z.boolean().optional(),
  /** Matched case-sensitively, for variants that differ from the term only in case. */
  caseSensitive: z.boolean().optional(),
  /** What to write instead. */
  use: z.string(),
});

export type Forbidden = z.infer<typeof forbiddenSchema>;

const termSchema = z.strictObject({
  /** The term, singular. */
  singular: z.string(),
  plural: z.string(),
  /** Other forms and compounds built from the term that are fine to use. */
  alsoFine: z.array(z.string()),
  forbidden: z.array(forbiddenSchema),
});

export type Term = z.infer<typeof termSchema>;

const languageGlossarySchema = z.record(z.enum(CONCEPTS), termSchema);

export type LanguageGlossary = z.infer<typeof languageGlossarySchema>;

/** The product's name: never translated, so its words are not checked. */
export const BRAND = 'Tattoo Guest Spots';

export const GLOSSARY: Record<Language, LanguageGlossary> = z.record(z.enum(LANGUAGES), languageGlossarySchema).parse({ en, de, es, fr, pt });

/**
 * Texts the spec quotes word for word that name a glossary concept: they stay as quoted even if a
 * rule would object, so the test skips exactly these (each must still be a locale text). None
 * breaks a rule today; the list keeps a future rule from rewording the contract.
 */
export const SPEC_QUOTES: Record<Language, string[]> = {
  en: [
    'Could not load guest spots.',
    'Could not load artist availabilities.',
    'Availabilities could not be loaded.',
    'Your payment has been successfully completed! Your featured status is now active.',
  ],
  de: ['Die Featured-Künstler konnten nicht geladen werden.'],
  es: [],
  fr: [],
  pt: [],
};

const LETTER_OR_DIGIT = '[\\p{L}\\p{N}]';

/** The forbidden variant's regular expression, word boundaries aware of umlauts and accents. */
export function forbiddenRegExp(rule: Forbidden): RegExp {
  const body = rule.word === false ? `(?:${rule.pattern})` : `(?<!${LETTER_OR_DIGIT})(?:${rule.pattern})(?!${LETTER_OR_DIGIT})`;
  return new RegExp(body, rule.caseSensitive ? 'gu' : 'giu');
}

/** The words of a text that the glossary judges: placeholders, markup and the product's name left out. */
export function wordsToCheck(text: string): string {
  return text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .split(BRAND)
    .join(' ');
}

export interface Violation {
  concept: Concept;
  found: string;
  use: string;
}

/** Every forbidden variant a text uses in a language. */
export function violations(lang: Language, text: string): Violation[] {
  if (SPEC_QUOTES[lang].includes(text)) return [];
  const words = wordsToCheck(text);
  const found: Violation[] = [];
  for (const concept of CONCEPTS) {
    for (const rule of GLOSSARY[lang][concept].forbidden) {
      for (const match of words.matchAll(forbiddenRegExp(rule))) found.push({ concept, found: match[0], use: rule.use });
    }
  }
  return found;
}
