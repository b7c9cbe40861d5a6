import { useTranslation } from '../../i18n/react';
import { FormSummary as Summary } from '../../ui/form-summary';

/** The summary of an account form: the server's message, or the field errors (each once). */
export function FormSummary({ message, fieldErrors = [] }: { message?: string | null; fieldErrors?: string[] }) {
  const { t } = useTranslation('auth');
  const title = message || (fieldErrors.length > 0 ? t('formSummary') : null);
  const items = message ? [] : [...new Set(fieldErrors)].map((text) => ({ text }));
  return <Summary title={title} items={items} focusOnShow />;
}
