import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../../i18n/react';
import { toast } from '../../../../ui/toast';
import { NOTICE_DURATION_MS, PROFILE_IMAGE_MAX_BYTES } from '../../../../../common/constants';
import { Alert } from '../../../../ui/alert';
import { Avatar } from '../../../../ui/avatar';
import { Button } from '../../../../ui/button';
import { Image } from '../../../../ui/image';
import { uploadErrorMessage } from '../../../../lib/upload-error';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { useDeleteProfileImage } from '../../api/delete-profile-image';
import { useUploadProfileImage, type ProfileImageKind } from '../../api/upload-profile-image';

const TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** Upload (with progress in percent) and delete (with confirmation) of the avatar or the header image. */
export function ProfileImageField({
  userId,
  name,
  kind,
  src,
  onChange,
}: {
  userId: number;
  name: string;
  kind: ProfileImageKind;
  src: string | null;
  onChange: (url: string | null) => void;
}) {
  const { t } = useTranslation(['profileEdit', 'gallery']);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const uploadImage = useUploadProfileImage(userId, kind);
  const deleteImage = useDeleteProfileImage(userId, kind);
  const label = t(kind === 'avatar' ? 'images.avatar' : 'images.header');

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    setError(null);
    if (!file) return;
    if (!TYPES.includes(file.type)) return setError(t('images.invalidType'));
    if (file.size > PROFILE_IMAGE_MAX_BYTES) return setError(t('images.tooLarge'));
    setProgress(0);
    try {
      const url = await uploadImage.mutateAsync({ file, onProgress: setProgress });
      onChange(url);
      toast.success(t('images.uploaded'), { duration: NOTICE_DURATION_MS });
    } catch (err) {
      const reason = uploadErrorMessage(err, t);
      setError(`${t(kind === 'avatar' ? 'images.avatarFailed' : 'images.headerFailed')} ${reason}`);
    } finally {
      setProgress(null);
    }
  };

  return (
    <section className="space-y-3" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="font-bold">
        {label}
      </h3>
      {kind === 'avatar' ? (
        <Avatar src={src} name={name} size="xl" />
      ) : (
        <Image src={src} alt={src ? label : ''} ratio="3/1" kind="header" seed={userId} className="max-w-xl rounded" sizes="576px" />
      )}
      <p className="text-sm text-ink-muted">{t('images.hint')}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          className="sr-only"
          onChange={(e) => void choose(e.currentTarget.files?.[0])}
          disabled={progress !== null}
        />
        <label
          htmlFor={inputId}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded border border-line-strong bg-surface px-4 font-semibold hover:bg-sunken focus-within:outline-2"
        >
          <ImageUp aria-hidden="true" className="size-4" />
          {t(src ? 'images.replace' : 'images.upload', { image: label })}
        </label>
        {src && (
          <Button onClick={() => setConfirm(true)} disabled={progress !== null} icon={<Trash2 aria-hidden="true" className="size-4" />}>
            {t('images.delete', { image: label })}
          </Button>
        )}
        {progress !== null && (
          <span role="status" className="text-sm font-semibold">
            {t('images.progress', { percent: progress })}
          </span>
        )}
      </div>
      {progress !== null && <progress className="w-full max-w-xl accent-accent" max={100} value={progress} aria-label={t('images.progressLabel')} />}
      <ConfirmDialog
        open={confirm}
        texts={{ title: t('images.deleteTitle', { image: label }), text: t('images.deleteMessage'),
          confirm: t('images.deleteConfirm'), cancel: t('gallery:cancel'), close: t('gallery:close'), failed: t('gallery:deleteFailed') }}
        onClose={() => setConfirm(false)}
        onConfirm={async () => {
          try {
            await deleteImage.mutateAsync();
          } catch (err) {
            throw new Error((err instanceof Error && err.message) || t('images.deleteFailed'), { cause: err });
          }
          onChange(null);
          toast.success(t('images.deleted'), { duration: NOTICE_DURATION_MS });
        }}
      />
    </section>
  );
}
