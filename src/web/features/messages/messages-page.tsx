import { useTranslation } from '../../i18n/react';
import { useNavigate, useParams } from '../../routing';
import { LOGIN_REDIRECT_DELAY_MS } from './constants';
import { profilePath } from '../../../common/username';
import { localizePath, useLanguage } from '../../i18n/language';
import { ApiError } from '../../lib/api';
import { RequireLogin } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { PageHeader } from '../../ui/page-header';
import { LoadingShape, SkeletonLines } from '../../ui/skeleton';
import { useContactUser } from './api/get-contact-user';
import { Messenger, type ContactHint } from './messenger';

/**
 * /messages and /messages/{userId or username}: the messaging panel at 70vh. The address names
 * the open conversation; digits are an id, anything else a username. Visitors go to the login
 * after 150 ms and come back here.
 */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <PageHeader title={t('page.title')} intro={t('page.intro')} />
      <div className="mt-6">
        <RequireLogin
          delayMs={LOGIN_REDIRECT_DELAY_MS}
          fallback={
            <LoadingShape label={t('loading')} className="space-y-3">
              <SkeletonLines lines={['h-6 w-1/3', 'h-4 w-2/3']} />
            </LoadingShape>
          }
        >
          <MessagesScreen />
        </RequireLogin>
      </div>
    </div>
  );
}

function MessagesScreen() {
  const { t } = useTranslation('messages');
  const { contact: ref = '' } = useParams();
  const navigate = useNavigate();
  const lang = useLanguage();
  const resolved = useContactUser(ref);
  const contact: ContactHint | null = resolved.data
    ? { id: resolved.data.id, name: resolved.data.name, username: resolved.data.username, userType: resolved.data.userType }
    : null;
  const open = (next: ContactHint | null) =>
    navigate(localizePath(next ? `/messages/${encodeURIComponent(profilePath(next.username))}` : '/messages', lang));

  if (ref && resolved.isPending) {
    return (
      <LoadingShape label={t('loading')} className="space-y-3">
        <SkeletonLines lines={['h-6 w-1/3', 'h-4 w-2/3']} />
      </LoadingShape>
    );
  }
  return (
    <div className="space-y-3">
      {ref && resolved.isError && (
        <Alert tone="error">
          {resolved.error instanceof ApiError && resolved.error.status !== 404 ? resolved.error.message : t('errors.contactNotFound')}
        </Alert>
      )}
      <Messenger variant="page" selected={contact} onSelect={open} contactHint={contact} />
    </div>
  );
}
