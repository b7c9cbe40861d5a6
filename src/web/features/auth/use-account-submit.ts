import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { useFormSubmit, type SchemaForm } from '../../lib/form';
import { NoUserError } from '../../lib/session';

/** Whether a failed answer carried a text of its own (`error` or `message`) to show. */
function hasServerText(error: ApiError): boolean {
  const body = error.body as { error?: unknown; message?: unknown } | null | undefined;
  if (!body || typeof body !== 'object') return false;
  return [body.error, body.message].some((text) => typeof text === 'string' && text.trim() !== '');
}

/**
 * The submit of login and registration: the summary's field errors from the first try on, and,
 * when it fails, the server's reason; the form's own "please check" text when the server
 * answered an error without one (a bare status means nothing to a user); the no-answer text when
 * none came; the short failure text for anything else.
 */
export function useAccountSubmit<F extends string>(form: SchemaForm<F>, kind: 'login' | 'register', send: () => Promise<unknown>) {
  const { t } = useTranslation('auth');
  const { busy, error, submitted, submit } = useFormSubmit(form, send, (err) => {
    if (err instanceof NoUserError) return t('login.noUser');
    if (!(err instanceof ApiError)) return t(`${kind}.failed`);
    return err.status === 0 || hasServerText(err) ? err.message : t(`${kind}.failedVariant`);
  });
  const fieldErrors = submitted ? Object.values<string | undefined>(form.errors).map((k) => t(`errors:${k}`)) : [];
  return { busy, serverError: error, fieldErrors, onSubmit: submit };
}
