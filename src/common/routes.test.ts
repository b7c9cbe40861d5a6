import { describe, expect, it } from 'vitest';
import { LANGUAGES, withLanguage } from './languages';
import { parseLegacyPath } from './legacy-paths';
import { LEGACY_PATHS, ROUTES, buildPath, matchRoute, pathTo, pathsByLanguage, profilePathTo, routeIds, translatePath, type RouteId } from './routes';

describe('buildPath', () => {
  it('fills a pattern with its params, each encoded', () => {
    expect(buildPath('home')).toBe('/');
    expect(buildPath('guestSpots')).toBe('/guestspots');
    expect(buildPath('guestSpotsPage', { page: 3 })).toBe('/guestspots/page/3');
    expect(buildPath('guestSpot', { slug: 'summer-in-kreuzberg' })).toBe('/guestspot/summer-in-kreuzberg');
    expect(buildPath('guestSpotEdit', { slug: 'sommer-in-münchen' })).toBe('/guestspot/sommer-in-m%C3%BCnchen/edit');
    expect(buildPath('guestArtistEdit', { id: 12 })).toBe('/guestartist/12/edit');
    expect(buildPath('availabilityDetail', { id: 7 })).toBe('/artist-availability/7');
    expect(buildPath('tattooArtist', { slug: 'a/b?c' })).toBe('/tattooartist/a%2Fb%3Fc');
  });

  it('builds a spelling by its own path', () => {
    expect(buildPath('galleryDe')).toBe('/tattoo-galerie');
    expect(buildPath('gastplatze')).toBe('/gastplatze');
    expect(buildPath('datenschutz')).toBe('/datenschutz');
  });

  it('builds every parameterless route as its pattern, and paths that match their own route', () => {
    for (const [id, route] of Object.entries(ROUTES) as [RouteId, { path: string }][]) {
      if (!route.path.includes(':')) expect(buildPath(id)).toBe(route.path);
    }
    const params = { slug: 'fine-line-trip', id: 5, page: 2, username: 'Anna-Maier', contact: 'Anna-Maier', token: 'a.b', section: 'users', orderId: '6f1c2a3e-4b5d-4e6f-8a7b-9c0d1e2f3a4b' };
    for (const id of Object.keys(ROUTES) as RouteId[]) expect(matchRoute(buildPath(id, params), { dev: true })?.id, id).toBe(id);
  });
});

describe('pathTo', () => {
  it('adds the language prefix, English unprefixed', () => {
    expect(pathTo('guestSpot', { slug: 'x' })).toBe('/guestspot/x');
    expect(pathTo('guestSpot', { slug: 'x' }, 'en')).toBe('/guestspot/x');
    expect(pathTo('guestSpot', { slug: 'x' }, 'fr')).toBe('/fr/guestspot/x');
    expect(pathTo('home', {}, 'en')).toBe('/');
    expect(pathTo('home', {}, 'de')).toBe('/de/');
    expect(pathTo('tattooArtistsPage', { page: 4 }, 'pt')).toBe('/pt/tattooartists/page/4');
  });

  it('takes the language spelling of an entry that has one', () => {
    expect(pathTo('gallery', {}, 'en')).toBe('/tattoo-gallery');
    expect(pathTo('gallery', {}, 'de')).toBe('/de/tattoo-galerie');
    expect(pathTo('gallery', {}, 'es')).toBe('/es/galeria-de-tatuajes');
    expect(pathTo('gallery', {}, 'fr')).toBe('/fr/galerie-de-tatouages');
    expect(pathTo('gallery', {}, 'pt')).toBe('/pt/galeria-de-tatuagens');
    // A second name without a language is no spelling of the entry.
    expect(pathTo('guestSpots', {}, 'de')).toBe('/de/guestspots');
    expect(pathTo('privacy', {}, 'de')).toBe('/de/privacy');
    // A spelling asked for by its own id keeps its path.
    expect(pathTo('galleryDe', {}, 'fr')).toBe('/fr/tattoo-galerie');
  });

  it('gives a route in every language', () => {
    expect(pathsByLanguage('gallery')).toEqual({
      en: '/tattoo-gallery',
      de: '/de/tattoo-galerie',
      es: '/es/galeria-de-tatuajes',
      fr: '/fr/galerie-de-tatouages',
      pt: '/pt/galeria-de-tatuagens',
    });
    expect(pathsByLanguage('tattooArtist', { slug: 'trip' })).toEqual({
      en: '/tattooartist/trip',
      de: '/de/tattooartist/trip',
      es: '/es/tattooartist/trip',
      fr: '/fr/tattooartist/trip',
      pt: '/pt/tattooartist/trip',
    });
  });

  it('builds a profile path from a username: spaces as hyphens, encoded', () => {
    expect(profilePathTo('Anna Maier')).toBe('/Anna-Maier');
    expect(profilePathTo('  Lena   Ink ')).toBe('/Lena-Ink');
    expect(profilePathTo('Jörg', 'de')).toBe('/de/J%C3%B6rg');
    expect(matchRoute(profilePathTo('Jörg Tattoo'))).toMatchObject({ id: 'profile', params: { username: 'Jörg-Tattoo' } });
  });
});

describe('spellings', () => {
  it('answers every spelling of the gallery under its own id, in every language', () => {
    expect(routeIds('gallery')).toEqual(['gallery', 'galleryDe', 'galleryEs', 'galleryFr', 'galleryPt']);
    // Each language's own spelling is the gallery's path in that language.
    for (const lang of LANGUAGES) expect(matchRoute(pathTo('gallery', {}, lang))?.id).toBe(lang === 'en' ? 'gallery' : `gallery${lang[0]!.toUpperCase()}${lang[1]}`);
    for (const lang of LANGUAGES) {
      for (const id of routeIds('gallery')) {
        const path = withLanguage(buildPath(id), lang);
        expect(matchRoute(path), path).toMatchObject({ id, lang });
      }
    }
  });

  it('keeps the German list and legal paths as routes of their own', () => {
    expect(routeIds('guestSpots')).toEqual(['guestSpots', 'gastplatze']);
    expect(routeIds('privacy')).toEqual(['privacy', 'datenschutz']);
    expect(routeIds('terms')).toEqual(['terms', 'agb']);
    expect(routeIds('contact')).toEqual(['contact', 'kontakt']);
    expect(routeIds('guestSpot')).toEqual(['guestSpot']);
    expect(matchRoute('/de/gastplatze')).toMatchObject({ id: 'gastplatze', lang: 'de' });
    expect(matchRoute('/agb')?.id).toBe('agb');
    expect(matchRoute('/fr/kontakt')?.id).toBe('kontakt');
  });

  it('gives a spelling the access of its entry and names the entry', () => {
    expect(ROUTES.galleryFr).toMatchObject({ path: '/galerie-de-tatouages', access: 'public', of: 'gallery', lang: 'fr' });
    expect(ROUTES.datenschutz).toMatchObject({ path: '/datenschutz', access: 'public', of: 'privacy' });
    expect(ROUTES.datenschutz.lang).toBeUndefined();
  });

  it('never lets a spelling or a route be a profile', () => {
    for (const id of Object.keys(ROUTES) as RouteId[]) {
      if (id === 'profile') continue;
      const path = buildPath(id, { slug: 'x', id: 1, page: 1 });
      expect(matchRoute(path)?.id, path).not.toBe('profile');
    }
  });
});

describe('legacy aliases', () => {
  it('lead each old path to its route', () => {
    expect(Object.fromEntries(LEGACY_PATHS)).toEqual({
      '/privacy-policy': '/privacy',
      '/gastplätze': '/gastplatze',
      '/guestspots/new': '/guestspot/new',
      '/gastplatze/neu': '/guestspot/new',
      '/gastplätze/neu': '/guestspot/new',
      '/verfugbarkeit/neu': '/guestartist/new',
      '/verfügbarkeit/neu': '/guestartist/new',
      '/artists': '/tattooartists',
      '/kunstler': '/tattooartists',
      '/künstler': '/tattooartists',
    });
  });

  it('are each found by the legacy path parser, and none is a route', () => {
    for (const [old, to] of LEGACY_PATHS) {
      expect(parseLegacyPath(old), old).toEqual({ lang: 'en', type: 'fixed', to });
      expect(parseLegacyPath(`/de${encodeURI(old)}`), old).toEqual({ lang: 'de', type: 'fixed', to });
      expect(matchRoute(old)?.id, old).toBeUndefined();
    }
  });
});

describe('translatePath', () => {
  it('takes the target language spelling of a route spelled per language, from any of its spellings', () => {
    for (const from of routeIds('gallery')) {
      for (const prefix of LANGUAGES) {
        const path = withLanguage(buildPath(from), prefix);
        for (const lang of LANGUAGES) expect(translatePath(path, lang), `${path} -> ${lang}`).toBe(pathTo('gallery', {}, lang));
      }
    }
    expect(translatePath('/es/tattoo-galerie', 'es')).toBe('/es/galeria-de-tatuajes');
  });

  it('swaps only the prefix of every other path, known or not', () => {
    expect(translatePath('/de/datenschutz', 'en')).toBe('/datenschutz');
    expect(translatePath('/guestspots/page/3', 'fr')).toBe('/fr/guestspots/page/3');
    expect(translatePath('/pt/Anna-Maier', 'de')).toBe('/de/Anna-Maier');
    expect(translatePath('/de/', 'en')).toBe('/');
    expect(translatePath('/', 'pt')).toBe('/pt/');
    expect(translatePath('/de/no/such/page', 'es')).toBe('/es/no/such/page');
  });
});
