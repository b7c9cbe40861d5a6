import { Globe, MapPin, MessageSquare, Pencil } from 'lucide-react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { ProfileUser } from '../../../../common/schemas/profile';
import { socialLink } from '../../../../common/social-links';
import { profilePath } from '../../../../common/username';
import { Avatar } from '../../../ui/avatar';
import { FeaturedBadge, isFeaturedUntil } from '../../../ui/featured-badge';
import { Image } from '../../../ui/image';
import { SocialLinksRow } from './social-links-row';

const noChanges = () => () => undefined;

/** City and country of a profile; the country defaults to Deutschland. */
export function usePlace(profile: ProfileUser): string {
  const { t } = useTranslation('profiles');
  const country = profile.countryName || profile.country || t('defaultCountry');
  return [profile.cityName || profile.city, country].filter(Boolean).join(', ');
}

/** The profile's banner (3:1), avatar, name, address, type, place, website, actions and social links. */
export function ProfileHeader({ profile, actions }: { profile: ProfileUser; actions?: ReactNode }) {
  const { t } = useTranslation('profiles');
  const place = usePlace(profile);
  // The server renders without a host, and hydration must start from what the server rendered.
  const host = useSyncExternalStore(noChanges, () => window.location.host, () => '');
  const website = socialLink('website', profile.website);
  return (
    <header className="space-y-4">
      <Image
        src={profile.headerImage}
        alt=""
        ratio="3/1"
        kind="header"
        sizes="(min-width: 1152px) 1152px, 100vw"
        priority
        seed={profile.id}
        className="-mx-4 rounded-none sm:mx-0 sm:rounded"
      />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <Avatar
          src={profile.avatar}
          name={profile.name}
          username={profile.username}
          size="xl"
          className="-mt-16 ring-4 ring-paper sm:-mt-20"
        />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{t(`type.${profile.userType}`)}</p>
            {isFeaturedUntil(profile.featuredUntil) && <FeaturedBadge />}
          </div>
          <h1 className="text-3xl font-extrabold tracking-tight break-words sm:text-4xl">{profile.name}</h1>
          {/* One line whatever the host's length: the server renders without it, so a wrap after
              hydration would push the page down. */}
          <p className="truncate text-sm text-ink-muted">
            {host}/{profilePath(profile.username)}
          </p>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {place && (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only">{t('header.location')}: </span>
                {place}
              </span>
            )}
            {website && (
              <a href={website} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-center gap-1 break-all">
                <Globe aria-hidden="true" className="size-4 shrink-0" />
                {website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              </a>
            )}
          </div>
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      <SocialLinksRow profile={profile} />
    </header>
  );
}

export const EditIcon = () => <Pencil aria-hidden="true" className="size-4" />;
export const MessageIcon = () => <MessageSquare aria-hidden="true" className="size-4" />;
