import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { forgotPasswordSchema } from '../../../common/schemas/auth';
import { LocalizedLink } from '../../i18n/localized-link';
import { ApiError } from '../../lib/api';
import { fieldProps, useSchemaForm } from '../../lib/form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { AuthCard } from './auth-card';
import { useRequestPasswordReset } from './api/request-password-reset';
import { FormSummary } from './form-summary';

export default function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const [values, setValues] = useState({ email: '' });
  const request = useRequestPasswordReset();
  const busy = request.isPending;
  const [sent, setSent] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaForm<'email'>(forgotPasswordSchema, values);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!form.submit()) return;
    request.mutate(values, {
      onSuccess: (res) => setSent(res.message),
      onError: (err) => setServerError(err instanceof ApiError ? err.message : t('errors:generic')),
    });
  };

  return (
    <AuthCard title={t('forgot.title')} intro={t('forgot.intro')} footer={<LocalizedLink to="/login">{t('forgot.back')}</LocalizedLink>}>
      {sent ? (
        <Alert tone="success">{sent}</Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <FormSummary message={serverError} />
          <TextField
            label={t('forgot.email')}
            type="email"
            autoComplete="email"
            required
            {...fieldProps('email', values, setValues, form, t)}
          />
          <Button type="submit" variant="primary" loading={busy}>
            {busy ? t('forgot.submitting') : t('forgot.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
