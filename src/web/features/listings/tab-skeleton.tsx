import { Card } from '../../ui/card';
import { Skeleton, SkeletonLines } from '../../ui/skeleton';

/** The loading shape of one card of a profile tab: title, period, compensation, text, button. */
function TabCardSkeleton() {
  return (
    <Card className="space-y-3 p-4">
      <SkeletonLines lines={['h-6 w-2/3', 'h-4 w-1/2', 'h-4 w-1/3', 'h-12 w-full', 'h-8 w-28']} />
    </Card>
  );
}

/** The loading shape of a profile tab: two placeholder cards. */
export function TabSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-4 md:grid-cols-2">
      <TabCardSkeleton />
      <TabCardSkeleton />
    </div>
  );
}

/** The loading shape of a whole profile tab while its code or texts arrive: the heading and two cards. */
export function ListingsTabSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-4">
      <Skeleton className="h-7 w-48" />
      <TabSkeleton />
    </div>
  );
}
