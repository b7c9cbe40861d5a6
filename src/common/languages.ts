/** Interface languages; English is unprefixed, the others live under /{lang}. */
export const LANGUAGES = ['en', 'de', 'es', 'fr', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const FALLBACK_LANGUAGE: Language = 'de';
export const LANGUAGE_STORAGE_KEY = 'userLanguage';

/** BCP 47 locale used for dates, numbers and money in each interface language. */
export const LOCALES: Record<Language, string> = {
  en: 'en-US',
  de: 'de-DE',
  es: 'es-ES',
  fr: 'fr-FR',
  pt: 'pt-PT',
};

/** Names of the languages in their own language, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  pt: 'Português',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Splits a path into its language and the unprefixed rest ("/de/agb" -> de, "/agb"). */
export function splitLanguage(pathname: string): { lang: Language; path: string } {
  const match = /^\/(de|es|fr|pt)(?=\/|$)/.exec(pathname);
  if (!match) return { lang: 'en', path: pathname || '/' };
  const rest = pathname.slice(match[0].length);
  return { lang: match[1] as Language, path: rest === '' ? '/' : rest };
}

/** Prefixes an unprefixed path for a language ("/agb", de -> "/de/agb"). */
export function withLanguage(pathname: string, lang: Language): string {
  if (lang === 'en') return pathname;
  return pathname === '/' ? `/${lang}/` : `/${lang}${pathname}`;
}

/** Picks the best supported language from an Accept-Language header or similar list. */
export function pickLanguage(header: string | undefined | null, fallback: Language = DEFAULT_LANGUAGE): Language {
  if (!header) return fallback;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (isLanguage(base)) return base;
  }
  return fallback;
}
