import { AvatarRowSkeleton, SkeletonLines } from '../../../ui/skeleton';

/** The loading shape of two reviews: the reviewer's picture, name and text. */
export function ReviewRowsSkeleton() {
  return (
    <div className="space-y-4" aria-hidden="true">
      {[0, 1].map((i) => (
        <AvatarRowSkeleton key={i} className="flex gap-4" avatar="size-12" lines={['h-4 w-40', 'h-4 w-full']} />
      ))}
    </div>
  );
}

/** The loading shape of a profile's reviews tab while its code arrives: heading, average, two reviews. */
export function ReviewsSkeleton() {
  return (
    <div className="space-y-6" aria-hidden="true">
      <div className="space-y-2">
        <SkeletonLines lines={['h-8 w-48', 'h-7 w-56']} />
      </div>
      <ReviewRowsSkeleton />
    </div>
  );
}
