import { useId } from 'react';
import { useTranslation } from '../../i18n/react';
import { toast } from '../../ui/toast';
import { useSession } from '../../lib/session';
import { cn } from '../../ui/cn';
import { Skeleton } from '../../ui/skeleton';
import { usePreferences } from './api/get-preferences';
import { useSavePreferences } from './api/save-preferences';

/** The account settings' switch 'Email me about unread messages'. */
export function EmailPreference() {
  const { t } = useTranslation('notifications');
  const { user } = useSession();
  const id = useId();
  const preferences = usePreferences(user?.id);
  const save = useSavePreferences(user?.id ?? 0);
  const on = preferences.data?.emailOnMessage ?? false;
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p id={`${id}-label`} className="font-semibold">
          {t('email.label')}
        </p>
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {t('email.hint')}
        </p>
      </div>
      {preferences.isPending ? (
        <Skeleton className="h-7 w-12 rounded-full" />
      ) : (
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          disabled={preferences.isError}
          onClick={() =>
            save.mutate(
              { emailOnMessage: !on },
              {
                onSuccess: () => toast.success(t(on ? 'email.off' : 'email.on')),
                onError: (err) => toast.error(err.message || t('email.failed')),
              },
            )
          }
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition-colors disabled:opacity-60',
            on ? 'border-accent bg-accent' : 'border-line-strong bg-sunken',
          )}
        >
          <span
            aria-hidden="true"
            className={cn('inline-block size-5 rounded-full bg-surface shadow transition-transform', on ? 'translate-x-5' : 'translate-x-0.5')}
          />
        </button>
      )}
    </div>
  );
}
