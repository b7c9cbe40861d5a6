import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/alert';

/** The summary at the top of a listing form on submit: each problem links to its field. */
export const FormSummary = forwardRef<HTMLDivElement, { items: { id: string; label: string; error: string }[]; message?: string | null }>(
  function FormSummary({ items, message }, ref) {
    const { t } = useTranslation('listings');
    if (items.length === 0 && !message) return null;
    return (
      <div ref={ref} tabIndex={-1} className="focus:outline-none">
        <Alert tone="error" title={message ?? t('form.summary', { count: items.length })}>
          {items.length > 0 && (
            <ul className="list-disc space-y-1 pl-5">
              {items.map((item) => (
                <li key={item.id}>
                  <a href={`#${item.id}`} className="underline underline-offset-4">
                    {item.label}: {item.error}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </Alert>
      </div>
    );
  },
);
