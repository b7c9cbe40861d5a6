import { Star } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { formatRating } from '../../../../common/format';
import type { ArtistAtAGlance } from '../../../../common/schemas/deals';
import { LOCALES } from '../../../../common/languages';
import { useLanguage } from '../../../i18n/language';
import { Image } from '../../../ui/image';

/**
 * The artist at a glance, so a studio decides without opening the profile: the latest three
 * works as thumbnails in fixed 4:5 boxes, the rating and the languages.
 */
export function ArtistGlance({ name, details, seed }: { name: string; details: ArtistAtAGlance; seed: number }) {
  const { t } = useTranslation(['deals', 'profiles']);
  const lang = useLanguage();
  const collator = new Intl.Collator(LOCALES[lang]);
  const languages = details.languages.map((id) => t(`profiles:languages.${id}`)).sort(collator.compare);
  const works = details.latestWorks.slice(0, 3);
  const rating = details.rating === null ? { value: null, count: 0 } : formatRating(details.rating, details.reviewCount, lang);
  return (
    <div className="space-y-2">
      {works.length > 0 && (
        <ul aria-label={t('card.latestWorks', { name })} className="grid max-w-72 grid-cols-3 gap-1.5">
          {works.map((work) => (
            <li key={work.id}>
              <Image src={work.thumbnailUrl} alt={t('card.latestWorks', { name })} ratio="4/5" sizes="96px" width={96} height={120} seed={seed} className="rounded" />
            </li>
          ))}
        </ul>
      )}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
        <span className="inline-flex items-center gap-1">
          <Star aria-hidden="true" className="size-4" />
          {rating.value === null ? t('card.noRating') : t('card.rating', { rating: rating.value, count: rating.count })}
        </span>
        {languages.length > 0 && <span>{t('card.languages', { list: new Intl.ListFormat(LOCALES[lang], { type: 'conjunction' }).format(languages) })}</span>}
      </p>
    </div>
  );
}
