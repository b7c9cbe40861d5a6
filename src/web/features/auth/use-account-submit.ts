import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { useFormSubmit, type SchemaForm } from '../../lib/form';
import { NoUserError } from '../../lib/session';

/**
 * The submit of login and registration: the summary's field errors from the first try on, and the
 * server's reason (or `failedText`) when it fails.
 */
export function useAccountSubmit<F extends string>(form: SchemaForm<F>, failedText: string, send: () => Promise<unknown>) {
  const { t } = useTranslation('auth');
  const { busy, error, submitted, submit } = useFormSubmit(form, send, (err) =>
    err instanceof NoUserError ? t('login.noUser') : err instanceof ApiError && err.message ? err.message : failedText,
  );
  const fieldErrors = submitted ? Object.values<string | undefined>(form.errors).map((k) => t(`errors:${k}`)) : [];
  return { busy, serverError: error, fieldErrors, onSubmit: submit };
}
