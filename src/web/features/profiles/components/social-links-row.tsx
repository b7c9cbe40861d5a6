import { Globe, Link as LinkIcon, MessageCircle, Send } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import type { ProfileUser } from '../../../../common/schemas/profile';
import { socialLinks, type SocialNetwork } from '../../../../common/social-links';
import { InstagramIcon } from '../../../ui/instagram-icon';

const ICONS: Partial<Record<SocialNetwork, typeof Globe>> = {
  website: Globe,
  whatsapp: MessageCircle,
  telegram: Send,
};

/** The social links row: every non-empty network as a named link. */
export function SocialLinksRow({ profile }: { profile: ProfileUser }) {
  const { t } = useTranslation('profiles');
  const links = socialLinks(profile);
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('social.label')}>
      {links.map(({ network, url }) => {
        const Icon = network === 'instagram' ? InstagramIcon : (ICONS[network] ?? LinkIcon);
        return (
          <li key={network}>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              aria-label={t('social.linkLabel', { network: t(`social.networks.${network}`), name: profile.name })}
              className="inline-flex min-h-9 items-center gap-1.5 rounded border border-line px-3 text-sm font-semibold text-ink no-underline hover:bg-sunken"
            >
              <Icon aria-hidden="true" className="size-4" />
              <span>{t(`social.networks.${network}`)}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
