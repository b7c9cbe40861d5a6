import type { ReactNode } from 'react';
import { Skeleton } from '../ui/skeleton';
import { useStyles } from './api/get-styles';

/**
 * Styles to choose as a checklist of every style (keyboard and screen-reader friendly).
 * `dense` is the small list of dialogs and the profile form, else the roomy one of listing
 * forms; `scroll` caps its height. With `id` the whole list is a focus target (form summaries
 * link to it). Texts come translated from the caller.
 */
export function StylePicker({
  id,
  legend,
  legendSuffix,
  hint,
  value,
  onChange,
  error,
  loadFailedText,
  dense = false,
  scroll = false,
}: {
  id?: string;
  legend: string;
  legendSuffix?: ReactNode;
  hint?: string;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  loadFailedText: string;
  dense?: boolean;
  scroll?: boolean;
}) {
  const styles = useStyles();
  const toggle = (styleId: number, on: boolean) => onChange(on ? [...value, styleId] : value.filter((v) => v !== styleId));
  const hintId = hint && id ? `${id}-hint` : undefined;
  const errorId = error && id ? `${id}-error` : undefined;
  return (
    <fieldset
      id={id}
      tabIndex={id ? -1 : undefined}
      aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
      className="space-y-2"
    >
      <legend className="text-sm font-semibold">
        {legend}
        {legendSuffix && <span className="ml-1 font-normal text-ink-muted">{legendSuffix}</span>}
      </legend>
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {styles.isPending ? (
        dense ? (
          <div className="grid grid-cols-2 gap-2" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-6" />
            ))}
          </div>
        ) : (
          <Skeleton className="h-24 w-full" />
        )
      ) : styles.isError ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {loadFailedText}
        </p>
      ) : (
        <div className={scroll ? 'max-h-48 overflow-y-auto rounded border border-line p-2' : undefined}>
          <ul className={dense ? 'grid grid-cols-1 gap-x-4 gap-y-1 min-[400px]:grid-cols-2 sm:grid-cols-3' : 'grid grid-cols-2 gap-x-4 gap-y-1 md:grid-cols-3'}>
            {styles.data.map((s) => (
              <li key={s.id}>
                <label className={`flex cursor-pointer items-center gap-2 text-sm break-words ${dense ? 'min-h-8' : 'min-h-11'}`}>
                  <input
                    type="checkbox"
                    className={`shrink-0 accent-accent ${dense ? 'size-4' : 'size-5'}`}
                    checked={value.includes(s.id)}
                    onChange={(e) => toggle(s.id, e.currentTarget.checked)}
                  />
                  <span>{s.name}</span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
