import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate, useSearchParams } from '../../routing';
import { loginSchema } from '../../../common/schemas/auth';
import { useLanguage, localizePath } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { fieldProps, useSchemaForm } from '../../lib/form';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { afterLoginPath, isSameSitePath, useSession } from '../../lib/session';
import { AuthCard } from './auth-card';
import { FormSummary } from './form-summary';
import { useAccountSubmit } from './use-account-submit';

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const session = useSession();
  const navigate = useNavigate();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const [values, setValues] = useState({ email: '', password: '' });
  const form = useSchemaForm<'email' | 'password'>(loginSchema, values);
  const { busy, serverError, fieldErrors, onSubmit } = useAccountSubmit(form, 'login', async () => {
    const user = await session.login(values.email, values.password);
    const redirect = params.get('redirect');
    // A redirect target already carries its language prefix; the defaults get the current one.
    navigate(redirect && isSameSitePath(redirect) ? redirect : localizePath(afterLoginPath(user, null), lang), { replace: true });
  });
  const field = (name: 'email' | 'password') => fieldProps(name, values, setValues, form, t);
  return (
    <AuthCard title={t('login.title')} intro={t('login.intro')} footer={<>{t('login.noAccount')} <LocalizedLink to="/register">{t('login.registerLink')}</LocalizedLink></>}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <FormSummary message={serverError} fieldErrors={fieldErrors} />
        <TextField label={t('login.email')} type="email" autoComplete="email" required {...field('email')} />
        <TextField label={t('login.password')} type="password" autoComplete="current-password" required {...field('password')} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <LocalizedLink to="/forgot-password" className="text-sm">
            {t('login.forgot')}
          </LocalizedLink>
          <Button type="submit" variant="primary" loading={busy}>
            {busy ? t('login.submitting') : t('login.submit')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
