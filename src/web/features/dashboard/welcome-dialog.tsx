import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../routing';
import { profilePathTo } from '../../../common/routes';
import { LocalizedLink } from '../../i18n/localized-link';
import { Button, buttonClasses } from '../../ui/button';
import { Dialog } from '../../ui/dialog';

/** Shown after registration (welcome=true&name=...); closing removes both from the address. */
export function WelcomeDialog() {
  const { t } = useTranslation('dashboard');
  const [params, setParams] = useSearchParams();
  const name = params.get('name');
  const open = params.get('welcome') === 'true' && !!name;
  const close = () =>
    setParams(
      (p) => {
        p.delete('welcome');
        p.delete('name');
        return p;
      },
      { replace: true },
    );
  if (!open) return null;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t('welcome.title', { name })}
      description={t('welcome.body')}
      closeLabel={t('welcome.close')}
      footer={
        <>
          <Button onClick={close}>{t('welcome.close')}</Button>
          <LocalizedLink to={`${profilePathTo(name)}?edit=true`} className={buttonClasses({ variant: 'primary' })} onClick={close}>
            {t('welcome.cta')}
          </LocalizedLink>
        </>
      }
    />
  );
}
