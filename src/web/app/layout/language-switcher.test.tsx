import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY, LANGUAGES } from '../../../common/languages';
import { pathTo } from '../../../common/routes';
import { renderWithApp } from '../../test/render';
import { LanguageSwitcher } from './language-switcher';

describe('language switcher', () => {
  it('links every language to the same page, named in its own language, with the parameters the page reads', async () => {
    // A rendered page's links are the server's: a parameter the page does not read (ref, utm_*) is not in them.
    await renderWithApp(<LanguageSwitcher />, { path: '/de/guestspots?ref=footer&style=realism' });
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('English')).toBe('/guestspots?style=realism');
    expect(href('Deutsch')).toBe('/de/guestspots?style=realism');
    expect(href('Español')).toBe('/es/guestspots?style=realism');
    expect(href('Français')).toBe('/fr/guestspots?style=realism');
    expect(href('Português')).toBe('/pt/guestspots?style=realism');
    expect(screen.getByRole('link', { name: 'Deutsch' }).getAttribute('aria-current')).toBe('true');
  });

  it('keeps the page and query when switching, and remembers the choice', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithApp(<LanguageSwitcher />, { path: '/de/tattooartists?available=true&utm_source=x' });
    await user.click(screen.getByRole('link', { name: 'Français' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/tattooartists'));
    expect(router.state.location.search).toBe('?available=true');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });

  it('goes from a prefixed start page to the unprefixed English one', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithApp(<LanguageSwitcher />, { path: '/pt/' });
    await user.click(screen.getByRole('link', { name: 'English' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  // Every gallery address, also one in the wrong language (/es/tattoo-galerie), to every language's own path.
  const galleryAddresses = LANGUAGES.flatMap((from) => LANGUAGES.map((spelledIn) => ({ from, spelledIn, path: `${from === 'en' ? '' : `/${from}`}${pathTo('gallery', {}, spelledIn).replace(/^\/(de|es|fr|pt)(?=\/)/, '')}` })));

  it.each(galleryAddresses)('links the gallery at $path to each language\'s own gallery path', async ({ path }) => {
    await renderWithApp(<LanguageSwitcher />, { path: `${path}?style=realism` });
    for (const lang of LANGUAGES) {
      expect(screen.getByRole('link', { name: LANGUAGE_NAMES[lang] }).getAttribute('href'), lang).toBe(`${pathTo('gallery', {}, lang)}?style=realism`);
    }
  });

  it('lands on the Spanish gallery path from the German one', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithApp(<LanguageSwitcher />, { path: '/es/tattoo-galerie' });
    expect(screen.getByRole('link', { name: 'Español' }).getAttribute('href')).toBe('/es/galeria-de-tatuajes');
    await user.click(screen.getByRole('link', { name: 'Français' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/galerie-de-tatouages'));
  });

  it('swaps only the prefix of a page without spellings per language (a German legal page)', async () => {
    await renderWithApp(<LanguageSwitcher />, { path: '/de/datenschutz' });
    expect(screen.getByRole('link', { name: 'English' }).getAttribute('href')).toBe('/datenschutz');
    expect(screen.getByRole('link', { name: 'Português' }).getAttribute('href')).toBe('/pt/datenschutz');
  });
});
