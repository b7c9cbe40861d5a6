import type { Language } from '../../common/languages';

/**
 * One voice per language (decision 019): for each concept the one term a language uses, and the
 * variants it must not use. docs/glossary/{lang}.md says the same for people; the glossary test
 * reads this file and fails on any locale text that uses a forbidden variant.
 */

export type Concept = 'artist' | 'studio' | 'guestSpot' | 'availability' | 'featured' | 'portfolio' | 'match';

export const CONCEPTS: readonly Concept[] = ['artist', 'studio', 'guestSpot', 'availability', 'featured', 'portfolio', 'match'];

export interface Forbidden {
  /** A regular expression (Unicode, case-insensitive). */
  pattern: string;
  /** Whole word only (default): letters or digits may not touch it on either side. False finds it inside compounds too. */
  word?: boolean;
  /** Matched case-sensitively, for variants that differ from the term only in case. */
  caseSensitive?: boolean;
  /** What to write instead. */
  use: string;
}

export interface Term {
  /** The term, singular. */
  singular: string;
  plural: string;
  /** Other forms and compounds built from the term that are fine to use. */
  alsoFine: string[];
  forbidden: Forbidden[];
}

export type LanguageGlossary = Record<Concept, Term>;

/** The product's name: never translated, so its words are not checked. */
export const BRAND = 'Tattoo Guest Spots';

export const GLOSSARY: Record<Language, LanguageGlossary> = {
  en: {
    artist: {
      singular: 'artist',
      plural: 'artists',
      alsoFine: ['tattoo artist', 'guest artist'],
      forbidden: [
        { pattern: 'tattooists?', use: 'artist / tattoo artist' },
        { pattern: 'tattooers?', use: 'artist / tattoo artist' },
      ],
    },
    studio: {
      singular: 'studio',
      plural: 'studios',
      alsoFine: ['tattoo studio'],
      forbidden: [
        { pattern: 'tattoo (shops?|parlou?rs?)', use: 'tattoo studio' },
        { pattern: 'parlou?rs?', use: 'studio' },
      ],
    },
    guestSpot: {
      singular: 'guest spot',
      plural: 'guest spots',
      alsoFine: ['tattoo guest spot'],
      forbidden: [
        { pattern: 'guestspots?', use: 'guest spot' },
        { pattern: 'guest-spots?', use: 'guest spot' },
        { pattern: 'guest (places?|slots?)', use: 'guest spot' },
      ],
    },
    availability: {
      singular: 'availability',
      plural: 'availabilities',
      alsoFine: ['available', 'artist availability'],
      forbidden: [{ pattern: 'guest artist offers?', use: 'availability' }],
    },
    featured: {
      singular: 'featured',
      plural: 'featured',
      alsoFine: ['featured artists', 'featured studios', 'featured status'],
      forbidden: [
        { pattern: 'spotlight(ed)?', use: 'featured' },
        { pattern: 'highlighted (artists?|studios?|profiles?)', use: 'featured …' },
      ],
    },
    portfolio: {
      singular: 'portfolio',
      plural: 'portfolios',
      alsoFine: ['portfolio image'],
      forbidden: [{ pattern: 'portefolios?', use: 'portfolio' }],
    },
    match: {
      singular: 'match',
      plural: 'matches',
      alsoFine: ['matching', 'match score'],
      forbidden: [{ pattern: 'fit', use: 'match (best matches first, match score)' }],
    },
  },
  de: {
    artist: {
      singular: 'Künstler',
      plural: 'Künstler',
      alsoFine: ['Gastkünstler', 'Tattookünstler', 'Tätowierer:in (only as the account type label, as the spec gives it)'],
      forbidden: [
        { pattern: 'artist', word: false, use: 'Künstler' },
        { pattern: 'künstler\\s*(:|\\*|_|/|\\()\\s*in', word: false, use: 'Künstler' },
        { pattern: 'künstlerin(nen)?', word: false, use: 'Künstler' },
        { pattern: 'tätowierer(?!:in(?![\\p{L}\\p{N}]))', word: false, use: 'Künstler (the label stays "Tätowierer:in")' },
        { pattern: 'tätowiererin', word: false, use: 'Künstler' },
        { pattern: 'gasttätowierer', word: false, use: 'Gastkünstler' },
      ],
    },
    studio: {
      singular: 'Studio',
      plural: 'Studios',
      alsoFine: ['Tattoostudio', 'Studios'],
      forbidden: [
        { pattern: 'tattoo-?laden', word: false, use: 'Tattoostudio' },
        { pattern: 'shops?', use: 'Studio' },
      ],
    },
    guestSpot: {
      singular: 'Gastplatz',
      plural: 'Gastplätze',
      alsoFine: ['Tattoo-Gastplatz', 'Gastplätzen'],
      forbidden: [
        { pattern: 'guest[ -]?spots?', word: false, use: 'Gastplatz / Gastplätze' },
        { pattern: 'gast-?spots?', word: false, use: 'Gastplatz / Gastplätze' },
        { pattern: 'gaststellen?', use: 'Gastplatz' },
      ],
    },
    availability: {
      singular: 'Verfügbarkeit',
      plural: 'Verfügbarkeiten',
      alsoFine: ['verfügbar'],
      forbidden: [
        { pattern: 'availabilit', word: false, use: 'Verfügbarkeit' },
        { pattern: 'gastangebot(e)?', use: 'Verfügbarkeit' },
      ],
    },
    featured: {
      singular: 'Featured',
      plural: 'Featured',
      alsoFine: ['Featured-Künstler', 'Featured-Studios', 'Featured-Status', 'Featured-Platzierung'],
      forbidden: [
        { pattern: 'hervorgehobene[nrs]?', use: 'Featured-…' },
        { pattern: 'empfohlene[nrs]? (künstler|studios)', use: 'Featured-Künstler / Featured-Studios' },
        { pattern: 'top-(künstler|studios)', use: 'Featured-Künstler / Featured-Studios' },
      ],
    },
    portfolio: {
      singular: 'Portfolio',
      plural: 'Portfolios',
      alsoFine: ['Portfolio-Bilder'],
      forbidden: [
        { pattern: 'portfoliobild(er)?', use: 'Portfolio-Bild / Portfolio-Bilder' },
        { pattern: 'mappen?', use: 'Portfolio' },
      ],
    },
    match: {
      singular: 'Treffer',
      plural: 'Treffer',
      alsoFine: ['passend', 'passende', 'Trefferwert'],
      forbidden: [
        { pattern: 'match(es)?', use: 'Treffer / passend' },
        { pattern: 'passung', use: 'Trefferwert' },
        { pattern: 'übereinstimmung(en)?', use: 'Treffer' },
      ],
    },
  },
  es: {
    artist: {
      singular: 'tatuador',
      plural: 'tatuadores',
      alsoFine: ['tatuador invitado', 'tatuadores invitados'],
      forbidden: [
        { pattern: 'artistas?', use: 'tatuador / tatuadores' },
        { pattern: 'artists?', use: 'tatuador / tatuadores' },
        { pattern: 'tatuador(es)?\\s*(/|\\()\\s*(a|as|ora|oras)', word: false, use: 'tatuador / tatuadores' },
      ],
    },
    studio: {
      singular: 'estudio',
      plural: 'estudios',
      alsoFine: ['estudio de tatuaje'],
      forbidden: [
        { pattern: 'studios?', use: 'estudio' },
        { pattern: 'salon(es)? de tatuajes?|salón de tatuajes?', use: 'estudio de tatuaje' },
        { pattern: 'tiendas? de tatuajes?', use: 'estudio de tatuaje' },
      ],
    },
    guestSpot: {
      singular: 'guest spot',
      plural: 'guest spots',
      alsoFine: [],
      forbidden: [
        { pattern: 'guestspots?', use: 'guest spot' },
        { pattern: 'guest-spots?', use: 'guest spot' },
        { pattern: 'guests?(?! spots?(?![\\p{L}\\p{N}]))', use: 'guest spot' },
        { pattern: '(plazas?|puestos?) de invitad[oa]s?', use: 'guest spot' },
      ],
    },
    availability: {
      singular: 'disponibilidad',
      plural: 'disponibilidades',
      alsoFine: ['disponible'],
      forbidden: [{ pattern: 'availabilit', word: false, use: 'disponibilidad' }],
    },
    featured: {
      singular: 'destacado',
      plural: 'destacados',
      alsoFine: ['destacada', 'destacadas', 'estado destacado'],
      forbidden: [
        { pattern: 'featured', use: 'destacado' },
        { pattern: 'en portada', use: 'destacado' },
      ],
    },
    portfolio: {
      singular: 'portfolio',
      plural: 'portfolios',
      alsoFine: [],
      forbidden: [
        { pattern: 'portafolios?', use: 'portfolio' },
        { pattern: 'porfolios?', use: 'portfolio' },
      ],
    },
    match: {
      singular: 'afín',
      plural: 'afines',
      alsoFine: ['afinidad'],
      forbidden: [
        { pattern: 'match(es)?', use: 'afín / afinidad' },
        { pattern: 'coincidencias?', use: 'afín / afinidad' },
        { pattern: 'compatibles?', use: 'afín' },
      ],
    },
  },
  fr: {
    artist: {
      singular: 'tatoueur',
      plural: 'tatoueurs',
      alsoFine: ['tatoueur invité', 'tatoueurs invités'],
      forbidden: [
        { pattern: 'artistes?', use: 'tatoueur / tatoueurs' },
        { pattern: 'artists?', use: 'tatoueur / tatoueurs' },
        { pattern: 'tatoueu(r|se)s?\\s*(·|\\.|/|\\()\\s*(euse|se|rice)', word: false, use: 'tatoueur / tatoueurs' },
      ],
    },
    studio: {
      singular: 'studio',
      plural: 'studios',
      alsoFine: ['studio de tatouage'],
      forbidden: [
        { pattern: 'salons? de tatouages?', use: 'studio de tatouage' },
        { pattern: 'boutiques? de tatouages?', use: 'studio de tatouage' },
      ],
    },
    guestSpot: {
      singular: 'poste invité',
      plural: 'postes invités',
      alsoFine: [],
      forbidden: [
        { pattern: 'guest[ -]?spots?', use: 'poste invité / postes invités' },
        { pattern: 'guests?(?! spots?(?![\\p{L}\\p{N}]))', use: 'poste invité / tatoueur invité' },
        { pattern: 'places? (invitées?|d[’\']invités?)', use: 'poste invité' },
      ],
    },
    availability: {
      singular: 'disponibilité',
      plural: 'disponibilités',
      alsoFine: ['disponible'],
      forbidden: [{ pattern: 'availabilit', word: false, use: 'disponibilité' }],
    },
    featured: {
      singular: 'à la une',
      plural: 'à la une',
      alsoFine: ['tatoueurs à la une', 'studios à la une', 'statut à la une'],
      forbidden: [
        { pattern: 'featured', use: 'à la une' },
        { pattern: 'mise? en avant', use: 'à la une' },
        { pattern: 'en vedette', use: 'à la une' },
      ],
    },
    portfolio: {
      singular: 'portfolio',
      plural: 'portfolios',
      alsoFine: [],
      forbidden: [
        { pattern: 'portefolios?', use: 'portfolio' },
        { pattern: 'books?', use: 'portfolio' },
      ],
    },
    match: {
      singular: 'correspondance',
      plural: 'correspondances',
      alsoFine: ['correspondant', 'correspondants'],
      forbidden: [
        { pattern: 'match(es)?', use: 'correspondance' },
        { pattern: 'affinités?', use: 'correspondance' },
        { pattern: 'compatibles?', use: 'correspondant' },
      ],
    },
  },
  pt: {
    artist: {
      singular: 'tatuador',
      plural: 'tatuadores',
      alsoFine: ['tatuador convidado', 'tatuadores convidados'],
      forbidden: [
        { pattern: 'artistas?', use: 'tatuador / tatuadores' },
        { pattern: 'artists?', use: 'tatuador / tatuadores' },
        { pattern: 'tatuador(es)?\\s*(/|\\()\\s*(a|as|ora|oras)', word: false, use: 'tatuador / tatuadores' },
      ],
    },
    studio: {
      singular: 'estúdio',
      plural: 'estúdios',
      alsoFine: ['estúdio de tatuagem'],
      forbidden: [
        { pattern: 'studios?', use: 'estúdio' },
        { pattern: 'salão|salões', use: 'estúdio' },
        { pattern: 'lojas? de tatuagens?', use: 'estúdio de tatuagem' },
      ],
    },
    guestSpot: {
      singular: 'guest spot',
      plural: 'guest spots',
      alsoFine: [],
      forbidden: [
        { pattern: 'guestspots?', use: 'guest spot' },
        { pattern: 'guest-spots?', use: 'guest spot' },
        { pattern: 'guests?(?! spots?(?![\\p{L}\\p{N}]))', use: 'guest spot' },
        { pattern: '(vagas?|lugar(es)?) de convidad[oa]s?', use: 'guest spot' },
      ],
    },
    availability: {
      singular: 'disponibilidade',
      plural: 'disponibilidades',
      alsoFine: ['disponível'],
      forbidden: [{ pattern: 'availabilit', word: false, use: 'disponibilidade' }],
    },
    featured: {
      singular: 'em destaque',
      plural: 'em destaque',
      alsoFine: ['destaque', 'tatuadores em destaque', 'estúdios em destaque'],
      forbidden: [
        { pattern: 'featured', use: 'em destaque' },
        { pattern: 'destacad[oa]s?', use: 'em destaque' },
      ],
    },
    portfolio: {
      singular: 'portfólio',
      plural: 'portfólios',
      alsoFine: [],
      forbidden: [
        { pattern: 'portfolios?', use: 'portfólio' },
        { pattern: 'portefólios?', use: 'portfólio' },
      ],
    },
    match: {
      singular: 'compatível',
      plural: 'compatíveis',
      alsoFine: ['compatibilidade'],
      forbidden: [
        { pattern: 'match(es)?', use: 'compatível / compatibilidade' },
        { pattern: 'afinidades?', use: 'compatibilidade' },
        { pattern: 'correspondências?', use: 'compatíveis' },
      ],
    },
  },
};

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
