/** The networks of a profile's social links row, in the order the row shows them. */
export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'tiktok', 'youtube', 'telegram', 'whatsapp', 'pinterest', 'twitter', 'website'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const BASES: Record<Exclude<SocialNetwork, 'website' | 'whatsapp'>, { url: string; hosts: string[] }> = {
  instagram: { url: 'https://instagram.com/', hosts: ['instagram.com', 'instagr.am'] },
  facebook: { url: 'https://facebook.com/', hosts: ['facebook.com', 'fb.com', 'm.facebook.com'] },
  tiktok: { url: 'https://www.tiktok.com/@', hosts: ['tiktok.com'] },
  youtube: { url: 'https://www.youtube.com/@', hosts: ['youtube.com', 'youtu.be', 'm.youtube.com'] },
  telegram: { url: 'https://t.me/', hosts: ['t.me', 'telegram.me'] },
  pinterest: { url: 'https://pinterest.com/', hosts: ['pinterest.com', 'pinterest.de'] },
  twitter: { url: 'https://x.com/', hosts: ['x.com', 'twitter.com'] },
};

/**
 * The link of one social field by the profile form's rules: a value starting with http is
 * used as is; otherwise the URL is built from the handle after stripping a leading @ or a
 * network prefix; a website gets https:// when it lacks http; WhatsApp keeps digits only.
 * Empty values (and values left empty by the rules) answer null: the row hides them.
 */
export function socialLink(network: SocialNetwork, value: string | null | undefined): string | null {
  const raw = (value ?? '').trim();
  if (!raw) return null;
  if (/^https?:\/\//i.test(raw)) return raw;
  if (network === 'website') return `https://${raw.replace(/^\/+/, '')}`;
  if (network === 'whatsapp') {
    const digits = raw.replace(/\D/g, '');
    return digits ? `https://wa.me/${digits}` : null;
  }
  const base = BASES[network];
  let handle = raw;
  for (const host of base.hosts) {
    const prefix = new RegExp(`^(www\\.)?${host.replace(/\./g, '\\.')}/`, 'i');
    if (prefix.test(handle)) {
      handle = handle.replace(prefix, '');
      break;
    }
  }
  handle = handle.replace(/^@+/, '').replace(/\/+$/, '');
  return handle ? base.url + handle : null;
}

/** Every non-empty link of a profile, in row order. */
export function socialLinks(profile: Partial<Record<SocialNetwork, string | null>>): { network: SocialNetwork; url: string }[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = socialLink(network, profile[network]);
    return url ? [{ network, url }] : [];
  });
}
