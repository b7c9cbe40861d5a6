import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../ui/skeleton';
import { useStyles } from './api';

/** The wanted styles as a checklist of every style. */
export function StylesChecklist({
  id,
  legend,
  hint,
  value,
  onChange,
  error,
}: {
  id: string;
  legend: string;
  hint?: string;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('listings');
  const styles = useStyles();
  const toggle = (styleId: number, on: boolean) => onChange(on ? [...value, styleId] : value.filter((v) => v !== styleId));
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset id={id} tabIndex={-1} aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined} className="space-y-2">
      <legend className="text-sm font-semibold">
        {legend}
        <span className="ml-1 font-normal text-ink-muted">{t('form.optional')}</span>
      </legend>
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {styles.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : styles.isError ? (
        <p className="text-sm text-danger">{t('form.stylesFailed')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-x-4 gap-y-1 md:grid-cols-3">
          {styles.data.map((s) => (
            <li key={s.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm break-words">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-accent"
                  checked={value.includes(s.id)}
                  onChange={(e) => toggle(s.id, e.target.checked)}
                />
                {s.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
