import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from './cn';
import type { DialogProps } from './dialog';

/** The modal dialog itself (Radix: focus trap, Escape, focus returned to the opener); see dialog.tsx. */
export default function DialogView({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  footer,
  className,
}: Omit<DialogProps, 'trigger'>) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-[rgb(0_0_0/0.5)] motion-safe:animate-[fade-in_150ms_ease-out]" />
        <RadixDialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded bg-surface p-6 text-ink shadow-float',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-xl font-extrabold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="-m-2 rounded p-2 text-ink-muted hover:bg-sunken hover:text-ink"
              aria-label={closeLabel}
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          {description && <RadixDialog.Description className="mb-4 text-ink-muted">{description}</RadixDialog.Description>}
          {children}
          {footer && <div className="mt-6 flex flex-wrap justify-end gap-3">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
