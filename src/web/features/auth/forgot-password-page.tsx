import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { forgotPasswordSchema } from '../../../common/schemas/auth';
import { LocalizedLink } from '../../i18n/localized-link';
import { api, ApiError } from '../../lib/api';
import { useSchemaForm } from '../../lib/form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { AuthCard } from './auth-card';
import { FormSummary } from './form-summary';

export default function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const [values, setValues] = useState({ email: '' });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaForm<'email'>(forgotPasswordSchema, values);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!form.submit()) return;
    setBusy(true);
    try {
      const res = await api.post<{ message: string }>('/api/auth/forgot-password', values);
      setSent(res.message);
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : t('errors:generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('forgot.title')} intro={t('forgot.intro')}>
      {sent ? (
        <Alert tone="success">{sent}</Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <FormSummary message={serverError} />
          <TextField
            label={t('forgot.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(e) => setValues({ email: e.target.value })}
            onBlur={() => form.blur('email')}
            error={form.errors.email && t(`errors:${form.errors.email}`)}
          />
          <Button type="submit" variant="primary" loading={busy}>
            {busy ? t('forgot.submitting') : t('forgot.submit')}
          </Button>
        </form>
      )}
      <p className="mt-8 border-t border-line pt-6 text-sm">
        <LocalizedLink to="/login">{t('forgot.back')}</LocalizedLink>
      </p>
    </AuthCard>
  );
}
