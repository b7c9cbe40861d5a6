import { Home, UserX } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { LocalizedLink } from '../../../i18n/localized-link';
import { buttonClasses } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';

/** No profile under this name, with the way back home. */
export function ProfileNotFound() {
  const { t } = useTranslation('profiles');
  return (
    <div className="py-10">
      <h1 className="sr-only">{t('notFound.title')}</h1>
      <EmptyState
        icon={<UserX />}
        title={t('notFound.title')}
        description={t('notFound.text')}
        action={
          <LocalizedLink to="/" className={buttonClasses({ variant: 'primary' })}>
            <Home aria-hidden="true" className="size-4" />
            {t('notFound.home')}
          </LocalizedLink>
        }
      />
    </div>
  );
}
