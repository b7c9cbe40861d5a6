import { useTranslation } from '../../i18n/react';
import type { ProfileUser } from '../../../common/schemas/profile';
import { LocalizedLink } from '../../i18n/localized-link';
import { buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { isFeaturedUntil } from '../../ui/featured-badge';
import { VisuallyHidden } from '../../ui/visually-hidden';

export type CompletenessStep = 'avatar' | 'portfolio' | 'bio' | 'styles' | 'city' | 'header';

/**
 * The steps of a complete profile, most useful first: a picture (an avatar or a portfolio image)
 * is what lists and matches require, then what visitors read, then the finishing touches.
 */
export function completenessSteps(profile: ProfileUser): { step: CompletenessStep; done: boolean }[] {
  return [
    { step: 'avatar', done: Boolean(profile.avatar) },
    { step: 'portfolio', done: profile.galleryImages.length > 0 },
    { step: 'bio', done: Boolean(profile.bio?.trim()) },
    { step: 'styles', done: profile.styles.length > 0 },
    { step: 'city', done: Boolean(profile.cityId || profile.cityName || profile.city) },
    { step: 'header', done: Boolean(profile.headerImage) },
  ];
}

/**
 * Whether lists, matches and the featured places can show the profile: the server asks the same
 * (an avatar, or a portfolio image that moderation has not hidden).
 */
export function hasPicture(profile: Pick<ProfileUser, 'avatar' | 'galleryImages'>): boolean {
  return Boolean(profile.avatar) || profile.galleryImages.some((image) => !image.hiddenReason);
}

/** Where the owner does a step: the portfolio tab for images, the edit form for the rest. */
const stepPath = (step: CompletenessStep, path: string) => (step === 'portfolio' ? `${path}?tab=portfolio` : `${path}?edit=true`);

function CheckIcon({ done }: { done: boolean }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className={done ? 'size-5 shrink-0 text-success' : 'size-5 shrink-0 text-ink-muted'}>
      {done ? (
        <path fill="currentColor" d="M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17Zm3.7 5.3-4.9 5-2.3-2.3-1.1 1.1 3.4 3.4 6-6-1.1-1.2Z" />
      ) : (
        <circle cx="10" cy="10" r="7.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      )}
    </svg>
  );
}

/**
 * The owner's profile completeness on the dashboard: how many steps are done, the next one as a
 * link, and every step with its state. A profile without a picture is told plainly that lists and
 * matches leave it out until it has one, and a featured one that its paid place is not showing.
 * Gone once everything is done.
 */
export function ProfileCompleteness({ profile, pending, path }: { profile: ProfileUser | undefined; pending: boolean; path: string }) {
  const { t } = useTranslation('dashboard');
  if (!profile) return pending ? <Skeleton className="h-44 w-full" /> : null;
  const steps = completenessSteps(profile);
  const done = steps.filter((s) => s.done).length;
  const next = steps.find((s) => !s.done);
  if (!next) return null;
  const hidden = !hasPicture(profile);
  const percent = Math.round((done / steps.length) * 100);
  return (
    <Card className="space-y-4 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="completeness-title" className="text-xl font-bold">
          {t('completeness.title')}
        </h2>
        <p className="text-sm text-ink-muted">{t('completeness.progress', { done, total: steps.length })}</p>
      </div>
      <div
        role="progressbar"
        aria-labelledby="completeness-title"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={done}
        aria-valuetext={t('completeness.progress', { done, total: steps.length })}
        className="h-2 overflow-hidden rounded-full bg-sunken"
      >
        <div className="h-full rounded-full bg-ink" style={{ width: `${percent}%` }} />
      </div>
      {hidden &&
        (isFeaturedUntil(profile.featuredUntil) ? (
          <p role="alert" className="text-sm font-semibold">
            {t('completeness.featuredHidden')}
          </p>
        ) : (
          <p className="text-sm">{t('completeness.hidden')}</p>
        ))}
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm font-semibold">{t('completeness.next')}</span>
        <LocalizedLink to={stepPath(next.step, path)} className={buttonClasses({ variant: 'primary' })}>
          {t(`completeness.steps.${next.step}`)}
        </LocalizedLink>
      </div>
      <ul className="grid gap-2 text-sm sm:grid-cols-2">
        {steps.map(({ step, done: finished }) => (
          <li key={step} className="flex items-center gap-2">
            <CheckIcon done={finished} />
            <span className={finished ? 'text-ink-muted' : undefined}>{t(`completeness.steps.${step}`)}</span>
            <VisuallyHidden>{finished ? t('completeness.done') : t('completeness.open')}</VisuallyHidden>
          </li>
        ))}
      </ul>
    </Card>
  );
}
