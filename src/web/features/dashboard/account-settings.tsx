import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { toast } from '../../ui/toast';
import { z } from 'zod';
import { DELETE_WORDS, emailChangeSchema, isDeleteWord, newPasswordSchema } from '../../../common/schemas/auth';
import { localizePath, useLanguage } from '../../i18n/language';
import { ApiError } from '../../lib/api';
import { useFormSubmit, useSchemaForm, type FieldErrors } from '../../lib/form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/field';
import { useSession } from '../../lib/session';
import { useChangeEmail } from './api/change-email';
import { useChangePassword } from './api/change-password';
import { useDeleteAccount } from './api/delete-account';

type DialogId = 'email' | 'password' | 'delete' | null;

/** The account settings section: change email, change password, delete account. */
export function AccountSettings() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const [open, setOpen] = useState<DialogId>(null);
  const close = () => setOpen(null);
  return (
    <Card className="p-5">
      <h2 className="text-xl font-bold">{t('settings.title')}</h2>
      <p className="mt-1 text-sm text-ink-muted">{t('settings.intro', { email: user?.email ?? '' })}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={() => setOpen('email')}>{t('settings.changeEmail')}</Button>
        <Button onClick={() => setOpen('password')}>{t('settings.changePassword')}</Button>
        <Button variant="ghost" className="text-danger" onClick={() => setOpen('delete')}>
          {t('settings.deleteAccount')}
        </Button>
      </div>
      {open === 'email' && <EmailDialog onClose={close} />}
      {open === 'password' && <PasswordDialog onClose={close} />}
      {open === 'delete' && <DeleteDialog onClose={close} />}
    </Card>
  );
}

function serverText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}

/** The submit of a settings dialog: the server's reason (or 'failed') above the fields when it fails. */
function useDialogSubmit(form: { submit(): boolean }, send: () => Promise<unknown>) {
  const { t } = useTranslation('dashboard');
  return useFormSubmit(form, send, (err) => serverText(err, t('settings.failed')));
}

function FormDialog({
  title,
  onClose,
  onSubmit,
  busy,
  error,
  submitLabel,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  busy: boolean;
  error: string | null;
  submitLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={title} closeLabel={t('share.close')}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        {children}
        <div className="flex justify-end gap-2 pt-2">
          <Button onClick={onClose}>{t('settings.cancel')}</Button>
          <Button type="submit" variant="primary" loading={busy}>
            {busy ? t('settings.saving') : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function EmailDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['dashboard', 'errors']);
  const session = useSession();
  const changeEmail = useChangeEmail();
  const [values, setValues] = useState({ email: '', password: '' });
  const form = useSchemaForm<'email' | 'password'>(emailChangeSchema, values);
  const { busy, error, submit } = useDialogSubmit(form, async () => {
    const res = await changeEmail.mutateAsync(values);
    await session.refresh({ email: res.user.email });
    toast.success(res.message);
    onClose();
  });
  return (
    <FormDialog title={t('settings.email.title')} onClose={onClose} onSubmit={submit} busy={busy} error={error} submitLabel={t('settings.save')}>
      <TextField label={t('settings.email.newEmail')} type="email" autoComplete="email" value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })} onBlur={() => form.blur('email')} error={form.errors.email && t(`errors:${form.errors.email}`)} />
      <TextField label={t('settings.email.password')} type="password" autoComplete="current-password" value={values.password} onChange={(e) => setValues({ ...values, password: e.target.value })} onBlur={() => form.blur('password')} error={form.errors.password && t(`errors:${form.errors.password}`)} />
    </FormDialog>
  );
}

const passwordForm = z.object({
  currentPassword: z.string().min(1, 'currentPasswordRequired'),
  newPassword: newPasswordSchema,
  confirm: z.string(),
});
type PasswordField = 'currentPassword' | 'newPassword' | 'confirm';

function PasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['dashboard', 'errors']);
  const changePassword = useChangePassword();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirm: '' });
  const match = useCallback(
    (v: Record<PasswordField, unknown>): FieldErrors<PasswordField> => (v.confirm !== v.newPassword ? { confirm: 'passwordsDoNotMatchChange' } : {}),
    [],
  );
  const form = useSchemaForm<PasswordField>(passwordForm, values, match);
  const err = (f: PasswordField) => form.errors[f] && t(`errors:${form.errors[f]}`);
  const { busy, error, submit } = useDialogSubmit(form, async () => {
    const res = await changePassword.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    toast.success(res.message);
    onClose();
  });
  return (
    <FormDialog title={t('settings.password.title')} onClose={onClose} onSubmit={submit} busy={busy} error={error} submitLabel={t('settings.save')}>
      <TextField label={t('settings.password.current')} type="password" autoComplete="current-password" value={values.currentPassword} onChange={(e) => setValues({ ...values, currentPassword: e.target.value })} onBlur={() => form.blur('currentPassword')} error={err('currentPassword')} />
      <TextField label={t('settings.password.new')} type="password" autoComplete="new-password" hint={t('settings.password.newHelp')} value={values.newPassword} onChange={(e) => setValues({ ...values, newPassword: e.target.value })} onBlur={() => form.blur('newPassword')} error={err('newPassword')} />
      <TextField label={t('settings.password.confirm')} type="password" autoComplete="new-password" value={values.confirm} onChange={(e) => setValues({ ...values, confirm: e.target.value })} onBlur={() => form.blur('confirm')} error={err('confirm')} />
      <p className="text-sm text-ink-muted">{t('settings.password.otherSessions')}</p>
    </FormDialog>
  );
}

function DeleteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['dashboard', 'errors']);
  const lang = useLanguage();
  const session = useSession();
  const deleteAccount = useDeleteAccount();
  const word = DELETE_WORDS[lang];
  const [step, setStep] = useState<1 | 2>(1);
  const [values, setValues] = useState({ confirmation: '', password: '' });
  const [errors, setErrors] = useState<{ confirmation?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const next = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      confirmation: isDeleteWord(values.confirmation, lang) ? undefined : t('errors:deleteConfirmation'),
      password: values.password ? undefined : t('errors:currentPasswordRequired'),
    };
    setErrors(found);
    if (!found.confirmation && !found.password) setStep(2);
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteAccount.mutateAsync({ password: values.password, confirmation: values.confirmation.trim() });
      session.clear();
      window.location.assign(localizePath('/', lang));
    } catch (err) {
      setError(serverText(err, t('settings.failed')));
      setStep(1);
      setBusy(false);
    }
  };

  if (step === 2) {
    return (
      <Dialog
        open
        onOpenChange={(o) => !o && onClose()}
        title={t('settings.delete.finalTitle')}
        description={t('settings.delete.finalBody')}
        closeLabel={t('share.close')}
        footer={
          <>
            <Button onClick={() => setStep(1)}>{t('settings.delete.back')}</Button>
            <Button variant="primary" loading={busy} onClick={confirm}>
              {busy ? t('settings.delete.deleting') : t('settings.delete.finalConfirm')}
            </Button>
          </>
        }
      />
    );
  }
  return (
    <FormDialog title={t('settings.delete.title')} onClose={onClose} onSubmit={next} busy={false} error={error} submitLabel={t('settings.delete.continue')}>
      <Alert tone="error">{t('settings.delete.warning')}</Alert>
      <TextField label={t('settings.delete.typeWord', { word })} autoComplete="off" value={values.confirmation} onChange={(e) => setValues({ ...values, confirmation: e.target.value })} error={errors.confirmation} />
      <TextField label={t('settings.delete.password')} type="password" autoComplete="current-password" value={values.password} onChange={(e) => setValues({ ...values, password: e.target.value })} error={errors.password} />
    </FormDialog>
  );
}
