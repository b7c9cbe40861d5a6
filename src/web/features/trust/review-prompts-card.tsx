import { Star } from 'lucide-react';
import { formatDate } from '../../../common/format';
import { profilePathTo } from '../../../common/routes';
import { useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { useTranslation } from '../../i18n/react';
import { Avatar } from '../../ui/avatar';
import { buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { CardHeading } from '../../ui/card-heading';
import { useReviewPrompts } from './api';

/**
 * The dashboard's request to review: each stay that ended in the last 60 days whose other side
 * the user has not reviewed, linking to that profile's reviews. Nothing while loading, on a
 * failure or when there is none: it is a reminder, not a place to visit.
 */
export function ReviewPromptsCard() {
  const { t } = useTranslation('trust');
  const lang = useLanguage();
  const prompts = useReviewPrompts();
  if (!prompts.data || prompts.data.length === 0) return null;
  return (
    <Card className="space-y-4 p-5" aria-labelledby="review-prompts-heading">
      <CardHeading id="review-prompts-heading" title={t('prompts.title')} intro={t('prompts.intro')} />
      <ul className="divide-y divide-line">
        {prompts.data.map((prompt) => (
          <li key={prompt.stayId} className="flex flex-wrap items-center gap-3 py-3">
            <Avatar src={prompt.otherUser.avatar} name={prompt.otherUser.name} username={prompt.otherUser.username} size="sm" decorative />
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words">{prompt.otherUser.name}</p>
              <p className="text-sm text-ink-muted">{t('prompts.ended', { date: formatDate(prompt.endDate, lang) })}</p>
            </div>
            <LocalizedLink to={`${profilePathTo(prompt.otherUser.username)}?tab=reviews`} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              <Star aria-hidden="true" className="size-4" />
              {t('prompts.write', { name: prompt.otherUser.name })}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </Card>
  );
}
