import { describe, expect, it } from 'vitest';
import type { Language } from '../common/languages';
import { render } from './entry-server';
import { i18n } from './i18n/i18n';
import de from './i18n/locales/de/about.json';
import en from './i18n/locales/en/about.json';
import fr from './i18n/locales/fr/about.json';

const LEADS: Partial<Record<Language, string>> = { de: de.lead, en: en.lead, fr: fr.lead };

/** A promise a test settles by hand. */
function gate() {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

// JSX escapes quotes and ampersands; the leads compare as the markup holds them.
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

describe('server renders in different languages at once', () => {
  it('keep each its own language and leave the shared interface language alone', async () => {
    const before = i18n.language;
    // The German render's data arrives only after the French render asked for its own, so both
    // are under way together whatever order they started in.
    const french = gate();
    const seen: Language[] = [];
    const get = async (path: string, lang: Language): Promise<Response> => {
      seen.push(lang);
      if (lang === 'fr') french.open();
      if (lang === 'de') await french.promise;
      expect(i18n.language, 'the shared instance switched during a render').toBe(before);
      expect(path).toBe('/api/site');
      return new Response(JSON.stringify({ operator: null, publicUrl: 'https://tgs.example' }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const pages = await Promise.all([
      render('http://localhost/de/aboutus', 'de', 'aboutus', get),
      render('http://localhost/fr/aboutus', 'fr', 'aboutus', get),
      render('http://localhost/aboutus', 'en', 'aboutus', get),
    ]);
    expect(seen).toEqual(expect.arrayContaining(['de', 'fr', 'en']));
    const langs: Language[] = ['de', 'fr', 'en'];
    pages.forEach((page, i) => {
      const lang = langs[i] as Language;
      expect(page, lang).not.toBeNull();
      expect(page?.state.lang).toBe(lang);
      for (const [other, lead] of Object.entries(LEADS)) {
        if (other === lang) expect(page?.html, lang).toContain(escaped(lead));
        else expect(page?.html, `${other} text in the ${lang} page`).not.toContain(escaped(lead));
      }
    });
    expect(i18n.language).toBe(before);
  });
});
