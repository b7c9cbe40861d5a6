import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/alert';

/** The summary at the top of a form on submit: the server's message or the list of field errors. */
export function FormSummary({ message, fieldErrors }: { message?: string | null; fieldErrors?: string[] }) {
  const { t } = useTranslation('auth');
  const ref = useRef<HTMLDivElement>(null);
  const visible = Boolean(message) || (fieldErrors?.length ?? 0) > 0;
  useEffect(() => {
    if (visible) ref.current?.focus();
  }, [visible, message]);
  if (!visible) return null;
  return (
    <div ref={ref} tabIndex={-1}>
      <Alert tone="error" title={message ?? t('formSummary')}>
        {!message && fieldErrors && (
          <ul className="list-disc pl-5">
            {[...new Set(fieldErrors)].map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
      </Alert>
    </div>
  );
}
