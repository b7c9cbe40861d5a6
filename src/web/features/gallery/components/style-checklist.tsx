import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../ui/skeleton';
import type { Style } from '../api';

/** A multi-select of styles as a checkbox list (keyboard and screen-reader friendly). */
export function StyleChecklist({
  legend,
  styles,
  selected,
  onChange,
  loading = false,
  error,
  compact = false,
}: {
  legend: string;
  styles: Style[] | undefined;
  selected: number[];
  onChange: (ids: number[]) => void;
  loading?: boolean;
  error?: string | null;
  compact?: boolean;
}) {
  const { t } = useTranslation('gallery');
  const toggle = (id: number, on: boolean) => onChange(on ? [...selected, id] : selected.filter((s) => s !== id));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">
        {legend}
        <span className="ml-1 font-normal text-ink-muted">({t('selectedCount', { count: selected.length })})</span>
      </legend>
      {loading ? (
        <div className="grid grid-cols-2 gap-2" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-6" />
          ))}
        </div>
      ) : error ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : (
        <div className={compact ? 'max-h-48 overflow-y-auto rounded border border-line p-2' : ''}>
          <ul className="grid grid-cols-1 gap-x-4 gap-y-1 min-[400px]:grid-cols-2 sm:grid-cols-3">
            {(styles ?? []).map((style) => (
              <li key={style.id}>
                <label className="flex min-h-8 cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-accent"
                    checked={selected.includes(style.id)}
                    onChange={(e) => toggle(style.id, e.currentTarget.checked)}
                  />
                  <span>{style.name}</span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
