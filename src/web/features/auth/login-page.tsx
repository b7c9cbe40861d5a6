import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { loginSchema } from '../../../common/schemas/auth';
import { useLanguage, localizePath } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { ApiError } from '../../lib/api';
import { useSchemaForm } from '../../lib/form';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { afterLoginPath, isSameSitePath } from './auth-state';
import { AuthCard } from './auth-card';
import { FormSummary } from './form-summary';
import { NoUserError, useSession } from './session-provider';

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const session = useSession();
  const navigate = useNavigate();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const [values, setValues] = useState({ email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [summary, setSummary] = useState(false);
  const form = useSchemaForm<'email' | 'password'>(loginSchema, values);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    setSummary(true);
    if (!form.submit()) return;
    setBusy(true);
    try {
      const user = await session.login(values.email, values.password);
      const redirect = params.get('redirect');
      // A redirect target already carries its language prefix; the defaults get the current one.
      navigate(redirect && isSameSitePath(redirect) ? redirect : localizePath(afterLoginPath(user, null), lang), { replace: true });
    } catch (err) {
      if (err instanceof NoUserError) setServerError(t('login.noUser'));
      else setServerError(err instanceof ApiError && err.message ? err.message : t('login.failed'));
      setBusy(false);
    }
  };

  const fieldErrors = Object.values(form.errors).map((k) => t(`errors:${k}`));
  return (
    <AuthCard title={t('login.title')} intro={t('login.intro')}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <FormSummary message={serverError} fieldErrors={summary ? fieldErrors : []} />
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => setValues({ ...values, email: e.target.value })}
          onBlur={() => form.blur('email')}
          error={form.errors.email && t(`errors:${form.errors.email}`)}
        />
        <TextField
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
          onBlur={() => form.blur('password')}
          error={form.errors.password && t(`errors:${form.errors.password}`)}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <LocalizedLink to="/forgot-password" className="text-sm">
            {t('login.forgot')}
          </LocalizedLink>
          <Button type="submit" variant="primary" loading={busy}>
            {busy ? t('login.submitting') : t('login.submit')}
          </Button>
        </div>
      </form>
      <p className="mt-8 border-t border-line pt-6 text-sm">
        {t('login.noAccount')} <LocalizedLink to="/register">{t('login.registerLink')}</LocalizedLink>
      </p>
    </AuthCard>
  );
}
