import { useState } from 'react';
import { initials } from '../../common/format';
import { cn } from './cn';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

const SIZES: Record<AvatarSize, string> = {
  xs: 'size-6 text-[0.625rem]',
  sm: 'size-8 text-xs',
  md: 'size-12 text-base',
  lg: 'size-16 text-lg',
  xl: 'size-24 text-2xl',
};

/**
 * A round picture of a person or studio; without an image (or when it fails) the initials of
 * their display name, at most two ("Julia Lange" -> JL), the username's when the name has none.
 */
export function Avatar({
  src,
  name,
  username,
  size = 'md',
  className,
  decorative = false,
}: {
  src?: string | null;
  name: string;
  /** Where the initials come from when the name has no letter. */
  username?: string | null;
  size?: AvatarSize;
  className?: string;
  /** True when the name is written next to it, so screen readers do not hear it twice. */
  decorative?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(src) && failed !== src;
  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-sunken font-bold text-ink',
        SIZES[size],
        className,
      )}
      role={showImage || decorative ? undefined : 'img'}
      aria-label={showImage || decorative ? undefined : name}
      aria-hidden={decorative || undefined}
    >
      {showImage ? (
        <img
          src={src as string}
          alt={decorative ? '' : name}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(src as string)}
          className="size-full object-cover"
        />
      ) : (
        <span aria-hidden="true">{initials(name, username)}</span>
      )}
    </span>
  );
}
