import { useState } from 'react';
import { FORUM_TITLE_MAX, FORUM_TITLE_MIN, forumThreadPath } from '../../../common/forum';
import { LANGUAGES, type Language } from '../../../common/languages';
import { localizePath, useLanguage } from '../../i18n/language';
import { useTranslation } from '../../i18n/react';
import { useNavigate, useSearchParams } from '../../routing';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Select, TextField } from '../../ui/field';
import { loginGatedPage } from '../../ui/login-gate';
import { PageHeader } from '../../ui/page-header';
import { QueryErrorAlert } from '../../ui/retry-alert';
import { SkeletonLines } from '../../ui/skeleton';
import { forumApi, useForumCategories, useForumWrite } from './api';
import { useCompose } from './components/compose';
import { Editor } from './components/editor';
import { Crumbs } from './components/parts';

/** /forum/new[?category={slug}]: a new thread, for members only. */
export default loginGatedPage(NewThread, 'forum');

type Field = 'categoryId' | 'title' | 'body';

function NewThread() {
  const { t } = useTranslation(['forum', 'errors']);
  const lang = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const categories = useForumCategories();
  const compose = useCompose();
  const [categoryChoice, setCategoryChoice] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [language, setLanguage] = useState<Language>(lang);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useForumWrite(forumApi.createThread);

  const preselected = categories.data?.find((c) => c.slug === params.get('category'));
  const categoryId = categoryChoice ?? (preselected ? String(preselected.id) : '');

  const check = (): boolean => {
    const found: Partial<Record<Field, string>> = {};
    if (!categoryId) found.categoryId = t('new.categoryRequired');
    const length = title.trim().length;
    if (length < FORUM_TITLE_MIN || length > FORUM_TITLE_MAX) found.title = t('new.titleLength', { min: FORUM_TITLE_MIN, max: FORUM_TITLE_MAX });
    if (!compose.body.trim()) found.body = t('new.bodyRequired');
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = () => {
    if (!check()) return;
    send.mutate(
      [{ categoryId: Number(categoryId), title: title.trim(), body: compose.body, language, imageIds: compose.imageIds, clientId: compose.clientId }],
      {
        onSuccess: (thread) => {
          compose.reset();
          navigate(localizePath(forumThreadPath(thread.id, thread.slug), lang));
        },
      },
    );
  };

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <Crumbs />
      <PageHeader title={t('new.title')} intro={t('new.intro')} />
      {categories.isError ? (
        <QueryErrorAlert query={categories} retryLabel={t('retry')} fallback={t('categories.failed')} />
      ) : !categories.data ? (
        <div aria-busy="true">
          <span className="sr-only">{t('loading')}</span>
          <SkeletonLines lines={['h-11 w-full', 'h-11 w-full', 'h-48 w-full']} />
        </div>
      ) : (
        <form
          noValidate
          className="space-y-5"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {Object.keys(errors).length > 0 && <Alert tone="error">{t('new.fixErrors')}</Alert>}
          <div className="grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <Select
              label={t('new.category')}
              value={categoryId}
              onChange={(e) => setCategoryChoice(e.target.value)}
              placeholder={t('new.categoryPlaceholder')}
              options={categories.data.map((c) => ({ value: String(c.id), label: c.name }))}
              error={errors.categoryId}
            />
            <Select
              label={t('new.language')}
              value={language}
              onChange={(e) => setLanguage(e.target.value as Language)}
              options={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
            />
          </div>
          <TextField
            label={t('new.titleLabel')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={FORUM_TITLE_MAX}
            hint={t('new.titleHint', { count: title.trim().length, max: FORUM_TITLE_MAX })}
            error={errors.title}
          />
          <Editor label={t('new.body')} value={compose.body} onChange={compose.setBody} images={compose.images} onImagesChange={compose.updateImages} error={errors.body} />
          {send.error && <Alert tone="error">{send.error.message || t('new.failed')}</Alert>}
          <Button type="submit" variant="primary" loading={send.isPending} disabled={compose.uploading}>
            {t('new.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
