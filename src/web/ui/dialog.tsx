import { cloneElement, isValidElement, lazy, Suspense, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';

export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Names the close button, translated by the caller. */
  closeLabel: string;
  children?: ReactNode;
  footer?: ReactNode;
  /** A button that opens the dialog (then `open` may be left out). */
  trigger?: ReactElement<{ onClick?: (event: MouseEvent) => void; 'aria-haspopup'?: 'dialog'; 'aria-expanded'?: boolean }>;
  className?: string;
}

const DialogView = lazy(() => import('./dialog-view'));

/**
 * A modal dialog (Radix: focus trap, Escape, focus returned to the opener). Radix is fetched
 * when a dialog first opens, so the public pages, whose dialogs mostly stay closed, never load
 * it; once opened a dialog stays mounted, so closing still animates and returns focus.
 */
export function Dialog({ trigger, ...props }: DialogProps) {
  const [own, setOwn] = useState(false);
  const open = props.open ?? own;
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const onOpenChange = (next: boolean) => {
    setOwn(next);
    props.onOpenChange?.(next);
  };
  const opener =
    trigger && isValidElement(trigger)
      ? cloneElement(trigger, {
          'aria-haspopup': 'dialog',
          'aria-expanded': open,
          onClick: (event: MouseEvent) => {
            trigger.props.onClick?.(event);
            if (!event.defaultPrevented) onOpenChange(true);
          },
        })
      : null;
  return (
    <>
      {opener}
      {opened && (
        <Suspense fallback={null}>
          <DialogView {...props} open={open} onOpenChange={onOpenChange} />
        </Suspense>
      )}
    </>
  );
}
