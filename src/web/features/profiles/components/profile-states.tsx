import { useTranslation } from '../../../i18n/react';
import { LoadingShape, Skeleton, SkeletonLines } from '../../../ui/skeleton';

/** The loading shape of a profile: banner, avatar and name, tabs, text. */
export function ProfileSkeleton() {
  const { t } = useTranslation('profiles');
  return (
    <LoadingShape label={t('loading')} className="space-y-4">
      <Skeleton className="aspect-[3/1] w-full" />
      <div className="flex items-end gap-4">
        <Skeleton className="-mt-16 size-24 rounded-full" />
        <div className="flex-1 space-y-2">
          <SkeletonLines lines={['h-4 w-24', 'h-9 w-2/3 max-w-sm', 'h-4 w-1/2 max-w-xs']} />
        </div>
      </div>
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-32 w-full" />
    </LoadingShape>
  );
}
