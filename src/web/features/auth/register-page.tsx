import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from '../../routing';
import { buildPath } from '../../../common/routes';
import { registerSchema } from '../../../common/schemas/auth';
import { profilePath } from '../../../common/username';
import { localizePath, useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { useSchemaForm, type FieldErrors } from '../../lib/form';
import { Button } from '../../ui/button';
import { Select, TextField } from '../../ui/field';
import { TextWithLinks } from '../../ui/text-with-links';
import { AuthCard } from './auth-card';
import { FormSummary } from './form-summary';
import { useSession } from '../../lib/session';
import { useAccountSubmit } from './use-account-submit';

type Field = 'email' | 'username' | 'password' | 'passwordConfirm' | 'userType';

export default function RegisterPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const session = useSession();
  const navigate = useNavigate();
  const lang = useLanguage();
  const [values, setValues] = useState({ email: '', username: '', password: '', passwordConfirm: '', userType: 'artist' as 'artist' | 'studio' });
  const confirmCheck = useCallback(
    (v: Record<Field, unknown>): FieldErrors<Field> => (v.passwordConfirm !== v.password ? { passwordConfirm: 'passwordsDoNotMatch' } : {}),
    [],
  );
  const form = useSchemaForm<Field>(registerSchema, values, confirmCheck);
  const set = (field: Field) => (e: { target: { value: string } }) => setValues({ ...values, [field]: e.target.value });
  const error = (field: Field) => form.errors[field] && t(`errors:${form.errors[field]}`);

  const { busy, serverError, fieldErrors, onSubmit } = useAccountSubmit(form, 'register', async () => {
    const user = await session.register({ email: values.email, username: values.username, password: values.password, userType: values.userType });
    navigate(localizePath(`/dashboard?welcome=true&name=${encodeURIComponent(user.username)}`, lang), { replace: true });
  });

  const host = typeof window === 'undefined' ? '' : window.location.host;
  const previewPath = values.username.trim() ? profilePath(values.username) : '…';
  return (
    <AuthCard title={t('register.title')} intro={t('register.intro')} footer={<>{t('register.haveAccount')} <LocalizedLink to="/login">{t('register.loginLink')}</LocalizedLink></>}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <FormSummary message={serverError} fieldErrors={fieldErrors} />
        <Select label={t('register.userType')} name="userType" value={values.userType} onChange={set('userType')}>
          <option value="artist">{t('register.artist')}</option>
          <option value="studio">{t('register.studio')}</option>
        </Select>
        <TextField label={t('register.email')} type="email" name="email" autoComplete="email" required value={values.email} onChange={set('email')} onBlur={() => form.blur('email')} error={error('email')} />
        <TextField
          label={t('register.username')}
          name="username"
          autoComplete="username"
          required
          minLength={3}
          maxLength={30}
          value={values.username}
          onChange={set('username')}
          onBlur={() => form.blur('username')}
          hint={t('register.usernameHelp', { url: `${host}/${previewPath}` })}
          error={error('username')}
        />
        <TextField label={t('register.password')} type="password" name="password" autoComplete="new-password" required minLength={8} value={values.password} onChange={set('password')} onBlur={() => form.blur('password')} hint={t('register.passwordHelp')} error={error('password')} />
        <TextField label={t('register.passwordConfirm')} type="password" name="passwordConfirm" autoComplete="new-password" required value={values.passwordConfirm} onChange={set('passwordConfirm')} onBlur={() => form.blur('passwordConfirm')} error={error('passwordConfirm')} />
        {/* Said before the button: pressing it is the acceptance. */}
        <TextWithLinks
          className="text-sm text-ink-muted"
          text={t('register.consent')}
          links={{ terms: { to: buildPath('terms'), label: t('register.termsLink') }, privacy: { to: buildPath('privacy'), label: t('register.privacyLink') } }}
          newTab
        />
        <Button type="submit" variant="primary" loading={busy} className="w-full">
          {busy ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
