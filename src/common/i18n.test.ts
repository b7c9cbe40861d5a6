import { describe, expect, it, vi } from 'vitest';
import { Texts, translate, type Dict, type TextTree } from './i18n';

const FILES: Record<string, TextTree> = {
  'en/common': {
    hello: 'Hello {{name}}',
    empty: '',
    nested: { deep: { key: 'Deep' } },
    'flat.key': 'Flat',
    spots_one: '{{count}} spot',
    spots_other: '{{count}} spots',
    likes_zero: 'No likes',
    likes_one: 'One like',
    likes_other: '{{count}} likes',
    steps: [{ title: 'One' }, { title: 'Two' }],
  },
  'en/errors': { failed: 'Failed: {{reason}}' },
  'fr/common': { hello: 'Bonjour {{name}}', spots_one: '{{count}} place', spots_many: '{{count}} de places', spots_other: '{{count}} places' },
};

function create() {
  const load = vi.fn(async (lang: string, ns: string) => {
    const file = FILES[`${lang}/${ns}`];
    if (!file) throw new Error(`no ${lang}/${ns}`);
    return file;
  });
  return { texts: new Texts({ language: 'en', defaultNS: 'common', load }), load };
}

describe('Texts', () => {
  it('reads nested and flat keys, other namespaces by prefix, and fills placeholders', async () => {
    const { texts } = create();
    await texts.loadNamespaces('en', ['common', 'errors']);
    expect(texts.t('hello', { name: 'Lena' })).toBe('Hello Lena');
    expect(texts.t('nested.deep.key')).toBe('Deep');
    expect(texts.t('flat.key')).toBe('Flat');
    expect(texts.t('errors:failed', { reason: 'offline' })).toBe('Failed: offline');
    expect(texts.t('failed', { ns: 'errors', reason: 'x' })).toBe('Failed: x');
    // A placeholder without a value stays as written.
    expect(texts.t('hello')).toBe('Hello {{name}}');
  });

  it('picks plural forms by the language, with a zero form for 0 where a text has one', async () => {
    const { texts } = create();
    await texts.loadNamespaces('en', ['common']);
    await texts.loadNamespaces('fr', ['common']);
    expect(texts.t('spots', { count: 1 })).toBe('1 spot');
    expect(texts.t('spots', { count: 0 })).toBe('0 spots');
    expect(texts.t('likes', { count: 0 })).toBe('No likes');
    expect(texts.t('likes', { count: 3 })).toBe('3 likes');
    expect(texts.t('spots', { count: 1_000_000, lng: 'fr' })).toBe('1000000 de places');
    // A count given as text (already formatted) is only a value.
    expect(texts.t('hello', { count: '1.000', name: 'x' })).toBe('Hello x');
  });

  it('answers the key for a missing or empty text, or what the missing-key handler says', async () => {
    const { texts } = create();
    await texts.loadNamespaces('en', ['common']);
    expect(texts.t('nope')).toBe('nope');
    expect(texts.t('empty')).toBe('empty');
    expect(texts.exists('empty')).toBe(false);
    expect(texts.exists('hello')).toBe(true);
    texts.options.parseMissingKeyHandler = (key) => `[${key}]`;
    expect(texts.t('nope')).toBe('[nope]');
    expect(texts.t('nested')).toBe('[nested]');
  });

  it('returns whole objects only when asked', async () => {
    const { texts } = create();
    await texts.loadNamespaces('en', ['common']);
    expect(texts.t('steps', { returnObjects: true })).toEqual([{ title: 'One' }, { title: 'Two' }]);
    expect(texts.t('steps')).toBe('steps');
  });

  it('loads each namespace once, shares the store with clones, and tells listeners of a language change', async () => {
    const { texts, load } = create();
    await Promise.all([texts.loadNamespaces('en', ['common']), texts.loadNamespaces('en', ['common'])]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(texts.missing(['common'])).toBeNull();
    const pending = texts.missing(['errors']);
    expect(pending).toBeInstanceOf(Promise);
    await pending;
    expect(texts.missing(['errors'])).toBeNull();

    const french = texts.cloneInstance({ lng: 'fr' });
    await french.loadNamespaces('fr', ['common']);
    expect(texts.hasResourceBundle('fr', 'common')).toBe(true);
    expect(french.t('hello', { name: 'Lena' })).toBe('Bonjour Lena');
    expect(texts.t('hello', { name: 'Lena' })).toBe('Hello Lena');

    const heard: string[] = [];
    const stop = texts.on('languageChanged', (lang) => heard.push(lang));
    await texts.changeLanguage('fr');
    await texts.changeLanguage('fr');
    stop();
    await texts.changeLanguage('en');
    expect(heard).toEqual(['fr']);
  });

  it('lets a failed load be tried again', async () => {
    const { texts, load } = create();
    await expect(texts.loadNamespaces('es', ['common'])).rejects.toThrow('no es/common');
    await expect(texts.loadNamespaces('es', ['common'])).rejects.toThrow('no es/common');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('falls back to the languages it is given, in order, among the namespaces already loaded', async () => {
    const files: Record<string, TextTree> = {
      'pt/errors': { onlyHere: 'Só aqui', spots_one: '{{count}} vaga', spots_other: '{{count}} vagas' },
      'de/errors': { notInPt: 'Nur deutsch', both: 'Deutsch', spots_one: '{{count}} Platz', spots_other: '{{count}} Plätze', generic: 'Fehler' },
      'en/errors': { notInPt: 'English only', both: 'English', onlyEnglish: 'Only English', generic: 'Error' },
    };
    const load = vi.fn(async (lang: string, ns: string) => files[`${lang}/${ns}`] ?? {});
    const texts = new Texts({ language: 'pt', defaultNS: 'errors', fallbackLanguages: ['de', 'en'], load });
    await texts.loadNamespaces('pt', ['errors']);
    // Not loaded yet: a fallback never fetches a language.
    expect(texts.t('notInPt')).toBe('notInPt');
    expect(load).toHaveBeenCalledTimes(1);
    await texts.loadNamespaces('de', ['errors']);
    await texts.loadNamespaces('en', ['errors']);
    expect(texts.t('onlyHere')).toBe('Só aqui');
    expect(texts.t('notInPt')).toBe('Nur deutsch');
    expect(texts.t('onlyEnglish')).toBe('Only English');
    expect(texts.exists('onlyEnglish')).toBe(true);
    expect(texts.t('spots', { count: 2 })).toBe('2 vagas');
    expect(texts.t('nowhere')).toBe('nowhere');
    // Clones keep the fallbacks; an instance without any has none.
    expect(texts.cloneInstance({ lng: 'fr' }).t('both')).toBe('Deutsch');
    const plain = new Texts({ language: 'pt', defaultNS: 'errors', load });
    await plain.loadNamespaces('pt', ['errors']);
    expect(plain.t('generic')).toBe('generic');
  });
});

describe('translate', () => {
  const dicts: Partial<Record<'en' | 'de' | 'fr', Dict>> = {
    en: { a: { b: 'English {{x}}' }, onlyEn: 'Only English', hours_one: '{{count}} hour', hours_other: '{{count}} hours' },
    de: { a: { b: 'Deutsch {{x}}' }, onlyDe: 'Nur deutsch', hours_one: '{{count}} Stunde', hours_other: '{{count}} Stunden' },
    fr: { a: { b: 'Français {{x}}' }, empty: '' },
  };

  it('reads the language, then German, then English, with placeholders and plurals', () => {
    expect(translate(dicts, 'fr', 'a.b', { x: 1 })).toBe('Français 1');
    expect(translate(dicts, 'fr', 'onlyDe')).toBe('Nur deutsch');
    expect(translate(dicts, 'fr', 'onlyEn')).toBe('Only English');
    expect(translate(dicts, 'fr', 'empty')).toBe('empty');
    expect(translate(dicts, 'en', 'hours', { count: 1 })).toBe('1 hour');
    expect(translate(dicts, 'de', 'hours', { count: 5 })).toBe('5 Stunden');
    // French has no text: the German one, in German's plural form.
    expect(translate(dicts, 'fr', 'hours', { count: 1 })).toBe('1 Stunde');
    expect(translate(dicts, 'en', 'missing.key')).toBe('missing.key');
  });
});
