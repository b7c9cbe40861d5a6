import type { ReactNode } from 'react';
import { cn } from './cn';

/** A grey block standing in for content that is loading; shape it like what will come. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded bg-sunken', className)} />;
}

/** Skeleton blocks one after another, each shaped by its classes (`h-5 w-3/4`). */
export function SkeletonLines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line, i) => (
        <Skeleton key={i} className={line} />
      ))}
    </>
  );
}

/** Skeleton lines in a box marked busy, for a part of a page that is loading. */
export function BusyLines({ className, lines }: { className?: string; lines: string[] }) {
  return (
    <div className={className} aria-busy="true">
      <SkeletonLines lines={lines} />
    </div>
  );
}

/** The loading shape of a picture card: the picture (`media`: its aspect class), then lines of text. */
export function CardSkeleton({ media, padding, lines }: { media: string; padding: string; lines: string[] }) {
  return (
    <div className="overflow-hidden rounded border border-line bg-surface">
      <Skeleton className={cn(media, 'w-full rounded-none')} />
      <div className={cn('space-y-2', padding)}>
        <SkeletonLines lines={lines} />
      </div>
    </div>
  );
}

/**
 * Skeleton blocks in a box that is itself the status, named by `label`: `lines` as in
 * SkeletonLines, or other blocks as `children`.
 */
export function StatusSkeleton({ label, className, lines, children }: { label: string; className?: string; lines?: string[]; children?: ReactNode }) {
  return (
    <div role="status" aria-label={label} className={className}>
      {lines && <SkeletonLines lines={lines} />}
      {children}
    </div>
  );
}

/** The loading shape of a row led by an avatar: the round picture (`avatar`: its size), then lines of text. */
export function AvatarRowSkeleton({ className, avatar, lines }: { className: string; avatar: string; lines: string[] }) {
  return (
    <div className={className}>
      <Skeleton className={cn(avatar, 'rounded-full')} />
      <div className="flex-1 space-y-2">
        <SkeletonLines lines={lines} />
      </div>
    </div>
  );
}

/** A loading shape: the skeleton blocks (`children`), announced once with `label`. */
export function LoadingShape({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className} aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      {children}
    </div>
  );
}
