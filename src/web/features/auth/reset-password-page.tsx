import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../routing';
import { z } from 'zod';
import { newPasswordSchema } from '../../../common/schemas/auth';
import { LocalizedLink } from '../../i18n/localized-link';
import { ApiError } from '../../lib/api';
import { useSchemaForm, type FieldErrors } from '../../lib/form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { AuthCard } from './auth-card';
import { useResetPassword } from './api/reset-password';
import { FormSummary } from './form-summary';

const schema = z.object({ password: newPasswordSchema, passwordConfirm: z.string() });
type Field = 'password' | 'passwordConfirm';

export default function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState({ password: '', passwordConfirm: '' });
  const reset = useResetPassword();
  const busy = reset.isPending;
  const [done, setDone] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const confirm = useCallback(
    (v: Record<Field, unknown>): FieldErrors<Field> => (v.password !== v.passwordConfirm ? { passwordConfirm: 'passwordsDoNotMatchChange' } : {}),
    [],
  );
  const form = useSchemaForm<Field>(schema, values, confirm);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!form.submit()) return;
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: (res) => setDone(res.message),
        onError: (err) => setServerError(err instanceof ApiError ? err.message : t('errors:generic')),
      },
    );
  };

  if (!token) {
    return (
      <AuthCard title={t('reset.title')}>
        <Alert tone="error" action={<LocalizedLink to="/forgot-password">{t('reset.requestNew')}</LocalizedLink>}>
          {t('reset.missingToken')}
        </Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('reset.title')} intro={t('reset.intro')}>
      {done ? (
        <Alert tone="success" action={<LocalizedLink to="/login">{t('reset.toLogin')}</LocalizedLink>}>
          {done}
        </Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <FormSummary message={serverError} />
          <TextField label={t('reset.password')} type="password" name="password" autoComplete="new-password" required value={values.password} onChange={(e) => setValues({ ...values, password: e.target.value })} onBlur={() => form.blur('password')} error={form.errors.password && t(`errors:${form.errors.password}`)} />
          <TextField label={t('reset.passwordConfirm')} type="password" name="passwordConfirm" autoComplete="new-password" required value={values.passwordConfirm} onChange={(e) => setValues({ ...values, passwordConfirm: e.target.value })} onBlur={() => form.blur('passwordConfirm')} error={form.errors.passwordConfirm && t(`errors:${form.errors.passwordConfirm}`)} />
          <Button type="submit" variant="primary" loading={busy}>
            {busy ? t('reset.submitting') : t('reset.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
