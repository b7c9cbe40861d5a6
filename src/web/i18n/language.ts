import { useLocation } from '../routing';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  pickLanguage,
  splitLanguage,
  type Language,
} from '../../common/languages';
import { canonicalQuery } from '../../common/page-params';
import { matchRoute, translatePath } from '../../common/routes';

/** The interface language, decided by the path prefix. */
export function useLanguage(): Language {
  return splitLanguage(useLocation().pathname).lang;
}

/** A function that prefixes an unprefixed path ("/register?x=1") with the current language. */
export function useLocalizedPath(): (path: string) => string {
  const lang = useLanguage();
  return (path) => localizePath(path, lang);
}

/**
 * Prefixes an app path with a language, keeping its query and hash; a route spelled per
 * language ("/tattoo-gallery") takes that language's spelling.
 */
export function localizePath(path: string, lang: Language): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? '' : path.slice(cut);
  return translatePath(pathname || '/', lang) + rest;
}

/** The same page in another language: the language's own path of the page, with the query and hash. */
export function switchLanguagePath(location: { pathname: string; search: string; hash: string }, lang: Language): string {
  return translatePath(location.pathname, lang) + location.search + location.hash;
}

/**
 * The link to this page in another language: as `switchLanguagePath`, with only the query
 * parameters the page reads (src/common/page-params.ts), so a server-rendered page's links are the
 * same whatever junk its address carried (the server renders the page without it).
 */
export function languageLinkPath(location: { pathname: string; search: string; hash: string }, lang: Language): string {
  const match = matchRoute(location.pathname, { dev: true });
  const search = match ? canonicalQuery(match.id, new URLSearchParams(location.search)) : location.search;
  return switchLanguagePath({ ...location, search }, lang);
}

function readStored(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers the language the user picked. */
export function storeLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode or full storage: the choice then lasts as long as the path prefix.
  }
}

/**
 * The language for the first page of a visit. A prefixed path wins. At an unprefixed (English)
 * path the stored choice, else the browser's first supported language, may redirect to its
 * prefix; returns where to go when it does.
 */
export function initialLanguage(
  location: { pathname: string; search: string; hash: string },
  browserLanguages: readonly string[],
): { lang: Language; redirect: string | null } {
  const { lang } = splitLanguage(location.pathname);
  if (lang !== DEFAULT_LANGUAGE) return { lang, redirect: null };
  const wanted = readStored() ?? pickLanguage(browserLanguages.join(','), DEFAULT_LANGUAGE);
  if (wanted === DEFAULT_LANGUAGE) return { lang, redirect: null };
  return { lang: wanted, redirect: switchLanguagePath(location, wanted) };
}
