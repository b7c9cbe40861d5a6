import { describe, expect, it } from 'vitest';
import { LANGUAGES, withLanguage } from './languages';
import { legacyTarget, lookupTarget, parseLegacyPath } from './legacy-paths';

describe('legacy paths', () => {
  it.each([
    ['/guestspots/new', '/guestspot/new'],
    ['/gastplatze/neu', '/guestspot/new'],
    ['/gastplätze/neu', '/guestspot/new'],
    ['/gastpl%C3%A4tze/neu', '/guestspot/new'],
    ['/gastplätze', '/gastplatze'],
    ['/gastpl%C3%A4tze', '/gastplatze'],
    ['/verfugbarkeit/neu', '/guestartist/new'],
    ['/verf%C3%BCgbarkeit/neu', '/guestartist/new'],
    ['/artists', '/tattooartists'],
    ['/artists/', '/tattooartists'],
    ['/kunstler', '/tattooartists'],
    ['/künstler', '/tattooartists'],
    ['/k%C3%BCnstler', '/tattooartists'],
    // A decomposed ü (u + combining diaeresis) is the same word.
    ['/ku%CC%88nstler', '/tattooartists'],
    ['/privacy-policy', '/privacy'],
  ])('%s always leads to %s', (path, to) => {
    expect(parseLegacyPath(path)).toEqual({ lang: 'en', type: 'fixed', to });
  });

  it.each([
    ['/guestspots/42/edit', 'guestSpotEdit', 42, '/guestspots/manage'],
    ['/gastplatze/42/bearbeiten', 'guestSpotEdit', 42, '/guestspots/manage'],
    ['/gastplätze/42/bearbeiten', 'guestSpotEdit', 42, '/guestspots/manage'],
    ['/guestspots/42', 'guestSpot', 42, '/guestspots'],
    ['/guestspots/42/', 'guestSpot', 42, '/guestspots'],
    ['/guestspots/42/any-old-slug', 'guestSpot', 42, '/guestspots'],
    ['/gastplatze/42', 'guestSpot', 42, '/guestspots'],
    ['/gastplatze/summer-in-kreuzberg', 'guestSpot', 'summer-in-kreuzberg', '/guestspots'],
    ['/gastpl%C3%A4tze/sommer-in-m%C3%BCnchen', 'guestSpot', 'sommer-in-münchen', '/guestspots'],
    ['/availability/7', 'availability', 7, '/tattooartists'],
    ['/tattooartists/7', 'availability', 7, '/tattooartists'],
  ])('%s is looked up as %s %s, else %s', (path, kind, key, fallback) => {
    expect(parseLegacyPath(path)).toEqual({ lang: 'en', type: 'lookup', kind, key, fallback });
  });

  it('keeps every language prefix', () => {
    for (const lang of LANGUAGES) {
      expect(parseLegacyPath(withLanguage('/kunstler', lang))).toEqual({ lang, type: 'fixed', to: '/tattooartists' });
      expect(parseLegacyPath(withLanguage('/guestspots/3/edit', lang))).toMatchObject({ lang, kind: 'guestSpotEdit', key: 3 });
      expect(parseLegacyPath(withLanguage('/privacy-policy', lang))).toMatchObject({ lang, to: '/privacy' });
    }
  });

  it('leaves the paths of the route table and unknown paths alone', () => {
    for (const path of [
      '/',
      '/guestspots',
      '/guestspots/manage',
      '/guestspots/page/2',
      '/gastplatze',
      '/de/gastplatze',
      '/guestspot/new',
      '/guestspot/summer/edit',
      '/tattooartists',
      '/tattooartists/page/2',
      '/tattooartist/fine-line-trip',
      '/artist-availability/abc',
      '/availability/not-an-id',
      '/guestspots/abc',
      '/artistsx',
      '/Anna-Maier',
      '/gastpl%E0%A4%A',
    ]) {
      expect(parseLegacyPath(path), path).toBeNull();
    }
  });

  it('builds the target with the language prefix: fixed, found, or the fallback', () => {
    expect(legacyTarget(parseLegacyPath('/de/kunstler')!)).toBe('/de/tattooartists');
    expect(legacyTarget(parseLegacyPath('/fr/guestspots/3/edit')!, 'winter-spot')).toBe('/fr/guestspot/winter-spot/edit');
    expect(legacyTarget(parseLegacyPath('/guestspots/3')!, 'winter-spot')).toBe('/guestspot/winter-spot');
    expect(legacyTarget(parseLegacyPath('/es/tattooartists/9')!, 'trip')).toBe('/es/tattooartist/trip');
    expect(legacyTarget(parseLegacyPath('/pt/availability/9')!, null)).toBe('/pt/tattooartists');
    expect(legacyTarget(parseLegacyPath('/de/gastplatze/99/bearbeiten')!)).toBe('/de/guestspots/manage');
    expect(lookupTarget('guestSpot', 'sommer in münchen')).toBe('/guestspot/sommer%20in%20m%C3%BCnchen');
  });
});

describe('one address per availability and profile', () => {
  it('looks up an availability named by its id address, keeping the language', () => {
    expect(parseLegacyPath('/de/artist-availability/42')).toEqual({ lang: 'de', type: 'lookup', kind: 'availability', key: 42, fallback: '/tattooartists' });
    expect(parseLegacyPath('/artist-availability/new')).toBeNull();
    expect(parseLegacyPath('/artist-availability/manage')).toBeNull();
    expect(parseLegacyPath('/artist-availability/page/2')).toBeNull();
  });

  it('sends /profile/{username} to the profile, but not the own-profile screens or names no profile can have', () => {
    expect(parseLegacyPath('/profile/Anna-Maier')).toEqual({ lang: 'en', type: 'fixed', to: '/Anna-Maier' });
    expect(legacyTarget(parseLegacyPath('/fr/profile/m%C3%BCller') as NonNullable<ReturnType<typeof parseLegacyPath>>)).toBe('/fr/m%C3%BCller');
    for (const path of ['/profile/me', '/profile/dashboard', '/profile/ab', '/profile/12345', '/profile/admin']) expect(parseLegacyPath(path), path).toBeNull();
  });
});

