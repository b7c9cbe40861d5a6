import { Copy } from 'lucide-react';
import { lazy, Suspense, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLocation, useNavigate } from '../../routing';
import { HASHTAGS_MAX, POST_CAPTION_MAX, POST_TYPES, postInputSchema, type PlannedPost, type PostMedia, type PostType } from '../../../common/schemas/instagram';
import type { SessionUser } from '../../../common/schemas/session';
import { localizePath, useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { ApiError, isNotFound } from '../../lib/api';
import { useSchemaForm, type FieldErrors } from '../../lib/form';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button, buttonClasses } from '../../ui/button';
import { cn } from '../../ui/cn';
import { EXAMPLE_DAY, formatDay, isIsoDay } from '../../ui/date-format';
import { controlClasses, TextArea } from '../../ui/field';
import { FormSummary } from '../../ui/form-summary';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { usePost } from './api/get-post';
import { useSavePost, type PostBody } from './api/save-post';
import { BackToPostsLink } from './components/back-to-posts-link';
import { FeaturedOffer } from './components/featured-offer';
import { HashtagField } from './components/hashtag-field';
import { MediaField } from './components/media-field';
import { NotFound } from '../../ui/not-found';
import { OwnerOnly } from './components/owner-only';
import { postPaths, postRouteParams } from './paths';
import { formatCount, isFeatured, localToday, splitPlannedAt, toPlannedAt } from './post-time';

// The calendar field loads with the editor only when it is shown (it is the heavier part).
const DateField = lazy(() => import('../../ui/date-field').then((m) => ({ default: m.DateField })));

/** /{username}/instapost (new) and /{username}/instapost/{id} (edit). */
export default function PostEditorPage() {
  return <OwnerOnly>{(user) => <EditorScreen user={user} />}</OwnerOnly>;
}

function EditorScreen({ user }: { user: SessionUser }) {
  const { t } = useTranslation('posts');
  const { id: rawId } = postRouteParams(useLocation().pathname);
  const id = rawId === undefined ? null : /^\d+$/.test(rawId) ? Number(rawId) : NaN;
  const post = usePost(id !== null && Number.isSafeInteger(id) ? id : null);
  if (id === null) return <PostForm user={user} />;
  if (!Number.isSafeInteger(id) || (post.isError && isNotFound(post.error))) return <NotFound />;
  if (post.isPending) {
    return (
      <div role="status" aria-label={t('loading')} className="mx-auto w-full max-w-3xl space-y-4 px-4 py-8 sm:py-12">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-56 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (post.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-8 sm:py-12">
        <h1 className="text-2xl font-extrabold">{t('form.loadFailed')}</h1>
        <Alert tone="error">{post.error.message}</Alert>
      </div>
    );
  }
  if (post.data.status === 'published' || post.data.status === 'cancelled') {
    // Published and cancelled posts are history: nothing moves them back.
    return (
      <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:py-12">
        <PageHeader title={t('form.editTitle')} intro={t(`form.closed.${post.data.status}`)} />
        <BackToPostsLink username={user.username} label={t('form.back')} />
      </div>
    );
  }
  return <PostForm key={post.data.id} user={user} post={post.data} />;
}

type Field = 'type' | 'mediaId' | 'caption' | 'hashtags' | 'day' | 'time';
const ORDER: Field[] = ['type', 'mediaId', 'caption', 'hashtags', 'day', 'time'];

/** The form's own checks beyond the schema: a real day, and a date needs its time and the other way round. */
function pairErrors(values: Record<string, unknown>): FieldErrors<Field> {
  const day = values.day as string;
  const time = values.time as string;
  if (day && !isIsoDay(day)) return { day: 'dateInvalid' };
  if (day && !time) return { time: 'timeMissing' };
  if (time && !day) return { day: 'dayMissing' };
  return {};
}

/** What planning needs on top (the server checks the same): a picture and a moment ahead. */
function planningErrors(mediaId: number | null, plannedAt: string | null, now = Date.now()): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (mediaId === null) errors.mediaId = 'mediaRequired';
  if (!plannedAt) errors.day = 'plannedAtRequired';
  else if (new Date(plannedAt).getTime() <= now) errors.day = 'plannedAtPast';
  return errors;
}

function PostForm({ user, post }: { user: SessionUser; post?: PlannedPost }) {
  const { t } = useTranslation('posts');
  const lang = useLanguage();
  const navigate = useNavigate();
  const save = useSavePost();
  const { refresh } = useSession();
  const start = splitPlannedAt(post?.plannedAt);
  const [type, setType] = useState<PostType>(post?.type ?? 'feed_post');
  const [media, setMedia] = useState<PostMedia | null>(post?.media ?? null);
  const [caption, setCaption] = useState(post?.caption ?? '');
  const [hashtags, setHashtags] = useState<string[]>(post?.hashtags ?? []);
  const [day, setDay] = useState(start.day);
  const [time, setTime] = useState(start.time);
  const [uploading, setUploading] = useState(false);
  const [planTried, setPlanTried] = useState(false);
  const [summary, setSummary] = useState(false);
  const [needsFeatured, setNeedsFeatured] = useState(false);
  const [copied, setCopied] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  const plannedAt = day && time ? (toPlannedAt(day, time) ?? 'invalid') : null;
  // The values the shared schema reads, plus the day and time fields it does not know.
  const values = useMemo(
    () => ({ type, caption, hashtags, plannedAt, status: 'draft', mediaId: media?.id ?? null, day, time }),
    [type, caption, hashtags, plannedAt, media, day, time],
  );
  const form = useSchemaForm<Field | 'plannedAt'>(postInputSchema, values, pairErrors);
  const planning = planTried ? planningErrors(media?.id ?? null, plannedAt === 'invalid' ? null : plannedAt) : {};
  const errorKey = (field: Field): string | undefined =>
    (field === 'day' ? (form.errors.day ?? form.errors.plannedAt) : form.errors[field]) ?? planning[field];
  const errorText = (field: Field): string | undefined => {
    const key = errorKey(field);
    if (!key) return undefined;
    if (key === 'plannedAtInvalid' || key === 'dateInvalid') return t('validation.dateInvalid', { pattern: t('common:dateField.pattern'), example: formatDay(EXAMPLE_DAY, lang) });
    return t(`validation.${key}`, { max: field === 'hashtags' ? HASHTAGS_MAX : formatCount(POST_CAPTION_MAX, lang) });
  };
  const labels: Record<Field, string> = {
    type: t('form.type'),
    mediaId: t('form.media'),
    caption: t('form.caption'),
    hashtags: t('form.hashtags'),
    day: t('form.day'),
    time: t('form.time'),
  };

  const featured = isFeatured(user) && !needsFeatured;
  const editingPlanned = post?.status === 'planned';

  const send = (status: 'draft' | 'planned') => (event?: FormEvent) => {
    event?.preventDefault();
    if (save.isPending || uploading) return;
    save.reset();
    setPlanTried(status === 'planned');
    setSummary(true);
    const valid = form.submit();
    const planProblems = status === 'planned' ? planningErrors(media?.id ?? null, plannedAt === 'invalid' ? null : plannedAt) : {};
    if (!valid || Object.keys(planProblems).length > 0) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    const body: PostBody = { type, caption, hashtags, plannedAt, status, mediaId: media?.id ?? null };
    save.mutate(
      { id: post?.id, body },
      {
        onSuccess: () => {
          toast.success(status === 'planned' ? t('form.plannedToast') : t('form.draftToast'));
          navigate(localizePath(postPaths.list(user.username), lang));
        },
        onError: (err) => {
          // The session may be older than the featured status's end: the server decides.
          if (err instanceof ApiError && err.code === 'postNeedsFeatured') {
            setNeedsFeatured(true);
            void refresh();
          }
          requestAnimationFrame(() => summaryRef.current?.focus());
        },
      },
    );
  };

  const copyCaption = async () => {
    const text = [caption.trim(), hashtags.map((tag) => `#${tag}`).join(' ')].filter(Boolean).join('\n\n');
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success(t('form.copied'));
      setTimeout(() => setCopied(false), 3000);
    } catch {
      toast.error(t('form.copyFailed'));
    }
  };

  const problems = summary ? ORDER.filter((f) => errorKey(f)).map((f) => ({ fieldId: `post-${f}`, text: `${labels[f]}: ${errorText(f) as string}` })) : [];
  const serverMessage = save.isError && !needsFeatured ? save.error.message || t('form.saveFailed') : null;
  const captionLength = caption.length;
  const title = post ? t('form.editTitle') : t('form.newTitle');

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <PageHeader title={title} intro={t('form.intro')} />
      <FormSummary
        ref={summaryRef}
        title={serverMessage ?? (problems.length > 0 ? t('form.summary', { count: problems.length }) : null)}
        items={serverMessage ? [] : problems}
      />
      <form noValidate onSubmit={featured ? send('planned') : (e) => e.preventDefault()} className="space-y-8">
        <fieldset className="space-y-3">
          <legend id="post-type" className="mb-1 text-sm font-semibold">
            {labels.type}
          </legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {POST_TYPES.map((option) => (
              <label
                key={option}
                className={cn(
                  'flex min-h-11 cursor-pointer items-start gap-3 rounded border p-3 focus-within:outline-2',
                  type === option ? 'border-ink bg-sunken' : 'border-line-strong',
                )}
              >
                <input type="radio" name="type" value={option} checked={type === option} onChange={() => setType(option)} className="mt-1 size-4 shrink-0 accent-accent" />
                <span>
                  <span className="block font-semibold">{t(`types.${option}`)}</span>
                  <span className="block text-sm text-ink-muted">{t(`typeHints.${option}`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <MediaField id="post-mediaId" label={labels.mediaId} value={media} onChange={setMedia} error={errorText('mediaId')} onBusyChange={setUploading} />

        <div className="space-y-2">
          <TextArea
            id="post-caption"
            label={labels.caption}
            labelSuffix={t('form.optional')}
            rows={8}
            value={caption}
            onChange={(e) => setCaption(e.target.value)}
            onBlur={() => form.blur('caption')}
            error={errorText('caption')}
            hint={
              <span className={captionLength > POST_CAPTION_MAX ? 'font-semibold text-danger' : undefined}>
                {t('form.captionCount', { count: formatCount(captionLength, lang), max: formatCount(POST_CAPTION_MAX, lang) })}
              </span>
            }
          />
        </div>

        <HashtagField
          id="post-hashtags"
          label={labels.hashtags}
          value={hashtags}
          onChange={setHashtags}
          onBlur={() => form.blur('hashtags')}
          error={errorText('hashtags')}
        />

        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => void copyCaption()} icon={<Copy aria-hidden="true" className="size-4" />} disabled={!caption.trim() && hashtags.length === 0}>
            {t('form.copy')}
          </Button>
          <span role="status" className="text-sm font-semibold text-success">
            {copied ? t('form.copied') : ''}
          </span>
        </div>

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">{t('form.when')}</legend>
          <p className="text-sm text-ink-muted">{t('form.whenHint', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Suspense fallback={<Skeleton className="h-[4.5rem]" />}>
              <DateField
                id="post-day"
                label={labels.day}
                value={day}
                min={localToday()}
                onChange={setDay}
                onBlur={() => form.blur('day')}
                error={errorText('day')}
              />
            </Suspense>
            <div className="space-y-1.5">
              <label htmlFor="post-time" className="block text-sm font-semibold">
                {labels.time}
              </label>
              <input
                id="post-time"
                type="time"
                value={time}
                onChange={(e) => setTime(e.target.value)}
                onBlur={() => form.blur('time')}
                aria-invalid={errorText('time') ? true : undefined}
                aria-describedby={errorText('time') ? 'post-time-error' : undefined}
                className={controlClasses(Boolean(errorText('time')), 'min-h-11')}
              />
              {errorText('time') && (
                <p id="post-time-error" className="text-sm font-semibold text-danger">
                  {errorText('time')}
                </p>
              )}
            </div>
          </div>
        </fieldset>

        {featured ? (
          <div className="flex flex-wrap gap-3 border-t border-line pt-6">
            <Button type="submit" variant="primary" loading={save.isPending && planTried} disabled={uploading}>
              {editingPlanned ? t('form.saveChanges') : t('form.plan')}
            </Button>
            <Button type="button" loading={save.isPending && !planTried} disabled={uploading} onClick={() => send('draft')()}>
              {editingPlanned ? t('form.toDraft') : t('form.saveDraft')}
            </Button>
            <LocalizedLink to={postPaths.list(user.username)} className={buttonClasses({ variant: 'ghost' })}>
              {t('form.back')}
            </LocalizedLink>
          </div>
        ) : (
          <FeaturedOffer expired={user.featuredUntil !== null} />
        )}
      </form>
    </div>
  );
}
