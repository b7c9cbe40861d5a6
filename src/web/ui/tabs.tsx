import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from './cn';
import { focusTarget, useRowRefs } from './roving-focus';

export interface TabDef {
  id: string;
  label: ReactNode;
}

/**
 * A WAI-ARIA tab list: arrow keys, Home and End move between tabs, the selected one is the only
 * tab stop. The caller renders the panel with `tabPanelProps`.
 */
export function Tabs({
  idPrefix,
  label,
  tabs,
  selected,
  onSelect,
  onPreview,
}: {
  idPrefix: string;
  label: string;
  tabs: TabDef[];
  selected: string;
  onSelect: (id: string) => void;
  /** The pointer or focus reached a tab: the caller may start loading its panel. */
  onPreview?: (id: string) => void;
}) {
  const { refs, refAt } = useRowRefs<HTMLButtonElement>();
  const listRef = useRef<HTMLDivElement>(null);
  const selectedIndex = tabs.findIndex((tab) => tab.id === selected);
  // On a phone the tab row scrolls sideways: a tab selected from the address (?tab=reviews) must
  // not sit out of sight. Only the row scrolls, never the page.
  useEffect(() => {
    const list = listRef.current;
    const tab = refs.current[selectedIndex];
    if (!list || !tab) return;
    const row = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left < row.left) list.scrollLeft -= row.left - box.left + 16;
    else if (box.right > row.right) list.scrollLeft += box.right - row.right + 16;
  }, [selectedIndex, refs]);
  const focus = (index: number) => {
    const tab = tabs[index];
    if (!tab) return;
    onSelect(tab.id);
    refs.current[index]?.focus();
  };
  return (
    <div ref={listRef} role="tablist" aria-label={label} className="-mx-4 flex overflow-x-auto border-b border-line px-4 sm:mx-0 sm:px-0">
      {tabs.map((tab, index) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={refAt(index)}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-controls={active ? `${idPrefix}-panel-${tab.id}` : undefined}
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onPointerEnter={onPreview && (() => onPreview(tab.id))}
            onFocus={onPreview && (() => onPreview(tab.id))}
            onKeyDown={(e) => {
              const target = focusTarget(e.key, index, tabs.length, 'horizontal');
              if (target === null) return;
              focus(target);
              e.preventDefault();
            }}
            className={cn(
              '-mb-px min-h-11 shrink-0 border-b-2 px-4 font-semibold whitespace-nowrap transition-colors',
              active ? 'border-accent text-ink' : 'border-transparent text-ink-muted hover:text-ink',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export function tabPanelProps(idPrefix: string, id: string) {
  return { role: 'tabpanel', id: `${idPrefix}-panel-${id}`, 'aria-labelledby': `${idPrefix}-tab-${id}`, tabIndex: 0 } as const;
}
