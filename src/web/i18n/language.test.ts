import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../common/languages';
import { initialLanguage, localizePath, storeLanguage, switchLanguagePath } from './language';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('localizePath', () => {
  it('prefixes paths for every language but English and keeps query and hash', () => {
    expect(localizePath('/register', 'en')).toBe('/register');
    expect(localizePath('/register', 'de')).toBe('/de/register');
    expect(localizePath('/', 'fr')).toBe('/fr/');
    expect(localizePath('/dashboard?welcome=true#top', 'pt')).toBe('/pt/dashboard?welcome=true#top');
  });
});

describe('switchLanguagePath', () => {
  it('swaps the prefix and keeps the rest', () => {
    expect(switchLanguagePath(at('/de/aboutus', '?a=1', '#x'), 'es')).toBe('/es/aboutus?a=1#x');
    expect(switchLanguagePath(at('/de/'), 'en')).toBe('/');
    expect(switchLanguagePath(at('/contact'), 'de')).toBe('/de/contact');
  });
});

describe('initialLanguage', () => {
  it('keeps a prefixed path', () => {
    expect(initialLanguage(at('/fr/terms'), ['de-DE'])).toEqual({ lang: 'fr', redirect: null });
  });

  it('redirects an unprefixed first visit to the browser language', () => {
    expect(initialLanguage(at('/aboutus', '?x=1'), ['de-DE', 'en'])).toEqual({ lang: 'de', redirect: '/de/aboutus?x=1' });
  });

  it('stays English for unsupported browser languages', () => {
    expect(initialLanguage(at('/'), ['ja-JP', 'it'])).toEqual({ lang: 'en', redirect: null });
  });

  it('prefers the stored choice over the browser', () => {
    storeLanguage('en');
    expect(initialLanguage(at('/'), ['de-DE'])).toEqual({ lang: 'en', redirect: null });
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt');
    expect(initialLanguage(at('/'), ['de-DE'])).toEqual({ lang: 'pt', redirect: '/pt/' });
  });
});
