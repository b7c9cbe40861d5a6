import { splitLanguage, withLanguage } from '../../../common/languages';
import { pathsByLanguage } from '../../../common/routes';
import type { ProfileUser } from '../../../common/schemas/profile';
import { socialLinks } from '../../../common/social-links';
import { isProfileSegment, profilePath } from '../../../common/username';
import { BIO_CUT, HEAD_DESCRIPTION_MAX, absoluteUrl, cutText } from '../../http/head';
import type { HeadResolver, PageRedirect } from '../../http/pages';
import { t } from '../../i18n';
import { tags } from '../../lib/answer-cache/index';
import { variantUrl } from '../../lib/images/index';
import { keyOfPathName, type ProfileService } from './service';

/** Schema.org data of a profile: `Person` for artists, `TattooParlor` for studios. */
export function profileJsonLd(profile: ProfileUser, url: string, image: string | undefined, publicUrl: string): Record<string, unknown> {
  const sameAs = socialLinks(profile)
    .filter((l) => l.network !== 'website')
    .map((l) => l.url);
  const address =
    profile.cityName || profile.countryCode
      ? {
          '@type': 'PostalAddress',
          ...(profile.cityName ? { addressLocality: profile.cityName } : {}),
          ...(profile.countryCode ? { addressCountry: profile.countryCode } : {}),
        }
      : undefined;
  const website = socialLinks({ website: profile.website })[0]?.url;
  return {
    '@context': 'https://schema.org',
    '@type': profile.userType === 'studio' ? 'TattooParlor' : 'Person',
    name: profile.name,
    url,
    ...(image ? { image: absoluteUrl(publicUrl, image) } : {}),
    ...(profile.bio ? { description: cutText(profile.bio, 300, BIO_CUT) } : {}),
    ...(address ? { address } : {}),
    ...(sameAs.length || website ? { sameAs: [...(website ? [website] : []), ...sameAs] } : {}),
    ...(profile.styles.length ? { knowsAbout: profile.styles.map((s) => s.name) } : {}),
  };
}

const UNKNOWN = Symbol('unknown profile');

/**
 * The head of /{username}: name and place as title, the bio as description, the avatar (or
 * the first portfolio image) for link previews, and JSON-LD. An unknown name answers null,
 * which makes the page a 404.
 */
export const profileHead = (profiles: Pick<ProfileService, 'loadProfile'>): HeadResolver => async (match, { lang, app }) => {
  const name = match.params.username;
  if (!name) return null;
  // Kept for logged-in viewers' shells too (a visitor's whole page is kept anyway), filed under
  // the user; an unknown name is not kept, so a profile registered a moment later is found.
  const profile = await app.listCache
    .get(
      `head:profile:${lang}:${name}`,
      [],
      async () => {
        const found = await profiles.loadProfile(keyOfPathName(name), null, lang);
        if (!found) throw UNKNOWN;
        return found;
      },
      (found) => [tags.user(found.id), tags.profile(found.id)],
    )
    .catch((error: unknown) => {
      if (error === UNKNOWN) return null;
      throw error;
    });
  if (!profile) return null;
  const type = t(lang, profile.userType === 'studio' ? 'seo:profile.typeStudio' : 'seo:profile.typeArtist');
  const city = profile.cityName;
  const title = city ? t(lang, 'seo:profile.titleWithCity', { name: profile.name, type, city }) : t(lang, 'seo:profile.title', { name: profile.name, type });
  const description = profile.bio?.trim()
    ? cutText(profile.bio, HEAD_DESCRIPTION_MAX, BIO_CUT)
    : t(lang, city ? 'seo:profile.descriptionWithCity' : 'seo:profile.description', { name: profile.name, type, city });
  const first = profile.galleryImages[0];
  const image = profile.avatar ?? (first ? first.mediumUrl || variantUrl(first.imageUrl, 'medium') : undefined);
  // One canonical address per profile, whatever case or spacing the link used.
  const alternates = pathsByLanguage('profile', { username: profilePath(profile.username) });
  const publicUrl = app.config.publicUrl;
  return {
    title,
    description,
    image,
    type: 'profile',
    alternates,
    jsonLd: profileJsonLd(profile, publicUrl + alternates[lang], image, publicUrl),
    tags: [tags.user(profile.id), tags.profile(profile.id)],
  };
};

/** /profile/{username} goes to /{username} in the same language; 'me' and 'dashboard' are own-profile screens. */
export const profileRedirect: PageRedirect = (pathname) => {
  const { lang, path } = splitLanguage(pathname);
  const match = /^\/profile\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  const raw = match[1] as string;
  let segment: string;
  try {
    segment = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (segment === 'me' || segment === 'dashboard' || !isProfileSegment(segment)) return null;
  return withLanguage(`/${raw}`, lang);
};
