import { describe, expect, it } from 'vitest';
import type { Language } from '../common/languages';
import { render, renderPasses } from './entry-server';
import { i18n } from './i18n/i18n';
import de from './i18n/locales/de/about.json';
import en from './i18n/locales/en/about.json';
import fr from './i18n/locales/fr/about.json';

const LEADS: Partial<Record<Language, string>> = { de: de.lead, en: en.lead, fr: fr.lead };

// JSX escapes quotes and ampersands; the leads compare as the markup holds them.
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

const SITE = [{ key: ['site'], data: { operator: null, publicUrl: 'https://tgs.example' } }];

describe('server renders in different languages at once', () => {
  it('keep each its own language and leave the shared interface language alone', async () => {
    const before = i18n.language;
    const pages = await Promise.all([
      render('http://localhost/de/aboutus', 'de', 'aboutus', SITE),
      render('http://localhost/fr/aboutus', 'fr', 'aboutus', SITE),
      render('http://localhost/aboutus', 'en', 'aboutus', SITE),
    ]);
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

describe('one render from loaded data', () => {
  it('renders a page once, from the queries it is given, and hands them on to hydrate from', async () => {
    const before = renderPasses();
    const page = await render('http://localhost/impressum', 'en', 'impressum', SITE);
    expect(renderPasses() - before).toBe(1);
    expect(page?.state.queries.queries.map((q) => q.queryKey)).toEqual([['site']]);
  });

  it('refuses to call the API while rendering: a page asking for data it was not given throws, naming it', async () => {
    const before = renderPasses();
    await expect(render('http://localhost/impressum', 'en', 'impressum', [])).rejects.toThrow('["site"]');
    expect(renderPasses() - before).toBe(1);
  });
});

describe('a render leaves nothing behind', () => {
  // A timer per query (the browser keeps an unused query 30 minutes) held every render's client,
  // its data and the render itself: the server's memory grew by about 2 KB a page until then.
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

  it('no timer outlives the page, however many are rendered, also when a page fails', async () => {
    await render('http://localhost/impressum', 'en', 'impressum', SITE);
    const before = timers();
    await Promise.all(Array.from({ length: 20 }, () => render('http://localhost/impressum', 'en', 'impressum', SITE)));
    await expect(render('http://localhost/impressum', 'en', 'impressum', [])).rejects.toThrow();
    expect(timers()).toBeLessThanOrEqual(before);
  });
});
