import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../../ui/cn';
import { focusTarget, useRowRefs } from '../../../ui/roving-focus';

export interface MenuItem {
  id: string;
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * A WAI-ARIA menu button: Enter, Space or arrow down opens the menu on its first item, arrows
 * move, Escape and Tab close it and focus returns to the button.
 */
export function MenuButton({ label, icon, items, className }: { label: string; icon: ReactNode; items: MenuItem[]; className?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const { refs: itemRefs, refAt } = useRowRefs<HTMLButtonElement>();
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, itemRefs]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  return (
    <div ref={wrapper} className={cn('relative inline-block', className)}>
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={label}
        title={label}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded text-ink-muted hover:bg-sunken hover:text-ink"
      >
        {icon}
      </button>
      {open && (
        <div
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          className="absolute right-0 z-30 mt-1 min-w-48 rounded border border-line bg-surface py-1 shadow-float"
        >
          {items.map((item, index) => (
            <button
              key={item.id}
              ref={refAt(index)}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
              onKeyDown={(e) => {
                const target = focusTarget(e.key, index, items.length, 'vertical');
                if (target !== null) itemRefs.current[target]?.focus();
                else if (e.key === 'Escape') close(true);
                else if (e.key === 'Tab') return close(false);
                else return;
                e.preventDefault();
              }}
              className={cn('block w-full px-4 py-2 text-left text-sm hover:bg-sunken focus:bg-sunken', item.danger ? 'text-danger' : 'text-ink')}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
