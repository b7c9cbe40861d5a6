import { Lock } from 'lucide-react';
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { forumThreadPath } from '../../../../common/forum';
import type { ForumThread } from '../../../../common/schemas/forum';
import { localizePath, useLanguage } from '../../../i18n/language';
import { LocalizedLink } from '../../../i18n/localized-link';
import { useTranslation } from '../../../i18n/react';
import { useSession } from '../../../lib/session';
import { useLocation, useNavigate } from '../../../routing';
import { Alert } from '../../../ui/alert';
import { Button, buttonClasses } from '../../../ui/button';
import { forumApi, useForumWrite } from '../api';
import { quoteOf } from '../markdown-tools';
import { useCompose } from './compose';
import { Editor } from './editor';

/** What the thread page asks of the reply box: start a reply that quotes a post. */
export interface ReplyBoxHandle {
  quote: (post: { id: number; body: string; author: { username: string } }) => void;
}

/**
 * The answer under a thread: the editor for members, a login link for visitors, a note when the
 * thread is locked. A quoted post becomes the reply's `replyToPostId`; once sent, the page of the
 * new reply opens at it.
 */
export const ReplyBox = forwardRef<ReplyBoxHandle, { thread: ForumThread }>(function ReplyBox({ thread }, ref) {
  const { t } = useTranslation('forum');
  const lang = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const compose = useCompose();
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const section = useRef<HTMLElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const send = useForumWrite(forumApi.reply);

  useImperativeHandle(ref, () => ({
    quote: (post) => {
      compose.setBody((current) => quoteOf(post.body, post.author.username) + current);
      setReplyTo(post.id);
      section.current?.scrollIntoView?.({ block: 'start' });
      area.current?.focus();
    },
  }));

  if (!user) {
    return (
      <section aria-label={t('reply.title')} className="rounded border border-line bg-surface p-5 text-center">
        <p className="text-ink-muted">{t('reply.loginText')}</p>
        <LocalizedLink to={`/login?redirect=${encodeURIComponent(location.pathname)}`} className={buttonClasses({ variant: 'secondary', className: 'mt-3' })}>
          {t('reply.login')}
        </LocalizedLink>
      </section>
    );
  }
  if (!thread.can.reply) {
    return (
      <p className="flex items-center justify-center gap-2 rounded border border-line bg-sunken p-4 text-ink-muted">
        <Lock aria-hidden="true" className="size-4" />
        {thread.isLocked ? t('reply.locked') : t('reply.notAllowed')}
      </p>
    );
  }

  const submit = () =>
    send.mutate([thread.id, { body: compose.body, replyToPostId: replyTo, imageIds: compose.imageIds, clientId: compose.clientId }], {
      onSuccess: ({ post, page }) => {
        compose.reset();
        setReplyTo(null);
        navigate(`${localizePath(forumThreadPath(thread.id, thread.slug, page), lang)}#post-${post.id}`);
      },
    });

  return (
    <section ref={section} aria-labelledby="forum-reply" className="scroll-mt-24 space-y-3">
      <h2 id="forum-reply" className="text-xl font-bold">
        {t('reply.title')}
      </h2>
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Editor label={t('reply.label')} value={compose.body} onChange={compose.setBody} images={compose.images} onImagesChange={compose.updateImages} textareaRef={area} />
        {send.error && <Alert tone="error">{send.error.message || t('reply.failed')}</Alert>}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="primary" loading={send.isPending} disabled={!compose.body.trim() || compose.uploading}>
            {t('reply.submit')}
          </Button>
          {replyTo !== null && (
            <LocalizedLink to={`${location.pathname}#post-${replyTo}`} className="text-sm text-ink-muted">
              {t('reply.replyingTo')}
            </LocalizedLink>
          )}
        </div>
      </form>
    </section>
  );
});
