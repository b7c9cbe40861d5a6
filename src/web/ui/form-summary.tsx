import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { Alert } from './alert';

export interface SummaryItem {
  text: string;
  /** The field's id: the item links to it. */
  fieldId?: string;
}

/**
 * The summary at the top of a form on submit: a title (the server's message, or "please correct
 * n entries") and the problems, each linking to its field when it has one. Nothing without a
 * title. With `focusOnShow` it takes the focus whenever it appears or its title changes;
 * otherwise the caller focuses it through the ref.
 */
export const FormSummary = forwardRef<HTMLDivElement, { title: string | null | undefined; items?: SummaryItem[]; focusOnShow?: boolean }>(
  function FormSummary({ title, items = [], focusOnShow = false }, ref) {
    const inner = useRef<HTMLDivElement>(null);
    useImperativeHandle(ref, () => inner.current as HTMLDivElement, []);
    useEffect(() => {
      if (focusOnShow && title) inner.current?.focus();
    }, [focusOnShow, title]);
    if (!title) return null;
    return (
      <div ref={inner} tabIndex={-1} className="focus:outline-none">
        <Alert tone="error" title={title}>
          {items.length > 0 && (
            <ul className="list-disc space-y-1 pl-5">
              {items.map((item) => (
                <li key={item.fieldId ?? item.text}>
                  {item.fieldId ? (
                    <a href={`#${item.fieldId}`} className="underline underline-offset-4">
                      {item.text}
                    </a>
                  ) : (
                    item.text
                  )}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      </div>
    );
  },
);
