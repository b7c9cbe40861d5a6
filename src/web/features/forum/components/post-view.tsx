import { CheckCircle2, EyeOff, Heart, Pencil, Quote, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { ForumAuthor, ForumImage } from '../../../../common/schemas/forum';
import { useTranslation } from '../../../i18n/react';
import { useSession } from '../../../lib/session';
import { Alert } from '../../../ui/alert';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ReportAction } from '../../../ui/report-action';
import { toast } from '../../../ui/toast';
import { forumApi, useForumWrite } from '../api';
import { PostBody, PostImages } from './body';
import { Editor } from './editor';
import { AuthorLink, TimeAgo } from './parts';

/** What a post view needs of the opening post or a reply. */
export interface PostLike {
  id: number;
  author: ForumAuthor;
  body: string;
  bodyHtml: string;
  images: ForumImage[];
  likeCount: number;
  liked: boolean;
  createdAt: string;
  editedAt: string | null;
  isHidden: boolean;
  hiddenReason: string | null;
  can: { edit: boolean; delete: boolean; like: boolean; report: boolean };
}

/**
 * One post: author and time, the server's rendering of its body, its pictures, and what the
 * viewer may do with it (like, quote, edit, delete, report; `extra` for the thread's own actions).
 */
export function PostView({
  post,
  kind,
  lang,
  deleted,
  onQuote,
  onSaveEdit,
  onDelete,
  extra,
  reportTargetId,
  className,
}: {
  post: PostLike;
  /** The opening post or a reply: the report's target and the texts of its dialogs. */
  kind: 'thread' | 'post';
  lang?: string;
  /** The opening post its author deleted: the replies stay, its text is gone. */
  deleted?: boolean;
  onQuote?: () => void;
  onSaveEdit: (body: string) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
  extra?: ReactNode;
  /** The reported thing's id: the thread's for the opening post. */
  reportTargetId?: number;
  className?: string;
}) {
  const { t } = useTranslation('forum');
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(post.body);
  const [confirming, setConfirming] = useState(false);
  const save = useForumWrite(onSaveEdit);
  const like = useForumWrite(forumApi.like);
  const remove = useForumWrite(onDelete);

  return (
    <article id={`post-${post.id}`} className={cn('scroll-mt-24 space-y-3 py-5', className)}>
      <header className="flex items-center gap-3">
        <Avatar src={post.author.avatar} name={post.author.name} username={post.author.username} size="sm" decorative />
        <div className="min-w-0 text-sm">
          <p className="flex flex-wrap items-center gap-x-2">
            <AuthorLink author={post.author} />
            <span className="text-ink-muted">{t(`userType.${post.author.userType}`)}</span>
          </p>
          <p className="text-ink-muted">
            <TimeAgo value={post.createdAt} />
            {post.editedAt && <span> · {t('post.edited')}</span>}
          </p>
        </div>
      </header>
      {post.isHidden && (
        <Alert tone="info">
          <span className="inline-flex items-center gap-2 font-semibold">
            <EyeOff aria-hidden="true" className="size-4" />
            {t('post.hidden')}
          </span>
          {post.hiddenReason && <span className="block">{t('post.hiddenReason', { reason: post.hiddenReason })}</span>}
        </Alert>
      )}
      {deleted ? (
        <p className="text-ink-muted italic">{t('post.deletedByAuthor')}</p>
      ) : editing ? (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate([draft], { onSuccess: () => setEditing(false) });
          }}
        >
          <Editor label={t('post.editLabel')} value={draft} onChange={setDraft} autoFocus />
          {save.error && <Alert tone="error">{save.error.message || t('post.saveFailed')}</Alert>}
          <div className="flex gap-2">
            <Button type="submit" variant="primary" loading={save.isPending} disabled={!draft.trim()}>
              {t('post.save')}
            </Button>
            <Button
              onClick={() => {
                setDraft(post.body);
                setEditing(false);
              }}
            >
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <PostBody html={post.bodyHtml} lang={lang} />
          <PostImages images={post.images} alt={t('post.imageAlt', { name: post.author.name || post.author.username })} />
        </>
      )}
      {!deleted && !editing && (
        <footer className="flex flex-wrap items-center gap-1">
          {post.can.like ? (
            <Button
              size="sm"
              variant="ghost"
              aria-pressed={post.liked}
              loading={like.isPending}
              icon={<Heart aria-hidden="true" className={cn('size-4', post.liked && 'fill-accent text-accent')} />}
              onClick={() => like.mutate([post.id, !post.liked], { onError: (err) => toast.error(err.message || t('post.likeFailed')) })}
            >
              {t('post.likes', { count: post.likeCount })}
            </Button>
          ) : (
            post.likeCount > 0 && (
              <span className="inline-flex min-h-8 items-center gap-1.5 px-3 text-sm text-ink-muted">
                <Heart aria-hidden="true" className="size-4" />
                {t('post.likes', { count: post.likeCount })}
              </span>
            )
          )}
          {onQuote && (
            <Button size="sm" variant="ghost" icon={<Quote aria-hidden="true" className="size-4" />} onClick={onQuote}>
              {t('post.quote')}
            </Button>
          )}
          {post.can.edit && (
            <Button size="sm" variant="ghost" icon={<Pencil aria-hidden="true" className="size-4" />} onClick={() => setEditing(true)}>
              {t('post.edit')}
            </Button>
          )}
          {post.can.delete && (
            <Button size="sm" variant="ghost" icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={() => setConfirming(true)}>
              {t('post.delete')}
            </Button>
          )}
          {post.can.report && user && (
            <ReportAction target={{ targetType: kind === 'thread' ? 'forum_thread' : 'forum_post', targetId: reportTargetId ?? post.id }} owner={{ id: post.author.id, name: post.author.name || post.author.username }} label="menu.reportPost" />
          )}
          {extra}
        </footer>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutateAsync([])}
        texts={{
          title: t(`delete.${kind}Title`),
          text: t(`delete.${kind}Text`),
          confirm: t('delete.confirm'),
          cancel: t('cancel'),
          close: t('close'),
          failed: t('delete.failed'),
        }}
      />
    </article>
  );
}

/** The mark of the accepted answer. */
export function AnswerMark() {
  const { t } = useTranslation('forum');
  return (
    <Badge tone="success" className="inline-flex items-center gap-1">
      <CheckCircle2 aria-hidden="true" className="size-3.5" />
      {t('answer.mark')}
    </Badge>
  );
}
