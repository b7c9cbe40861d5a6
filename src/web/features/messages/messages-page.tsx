import { useTranslation } from '../../i18n/react';
import { useNavigate, useParams } from '../../routing';
import { LOGIN_REDIRECT_DELAY_MS } from './constants';
import { profilePath } from '../../../common/username';
import { localizePath, useLanguage } from '../../i18n/language';
import { USER_TYPES } from '../../../common/constants';
import type { UserSummary } from '../../../common/schemas/profile';
import { isNotFound } from '../../lib/api';
import { RequireLogin } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { PageHeader } from '../../ui/page-header';
import { LoadingShape, SkeletonLines } from '../../ui/skeleton';
import { useContactUser } from './api/get-contact-user';
import { LoginNeeded, Messenger, type ContactHint } from './messenger';

/**
 * /messages and /messages/{userId or username}: the messaging panel at 70vh. The address names
 * the open conversation; digits are an id, anything else a username. Visitors go to the login
 * after 150 ms and come back here; when the session check itself failed, the screen says so.
 */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <PageHeader title={t('page.title')} intro={t('page.intro')} />
      <div className="mt-6">
        <RequireLogin
          delayMs={LOGIN_REDIRECT_DELAY_MS}
          checkFailed={<LoginNeeded />}
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
  const complete = resolved.data !== undefined && isCompleteContact(resolved.data);
  const contact: ContactHint | null =
    resolved.data && complete
      ? { id: resolved.data.id, name: resolved.data.name, username: resolved.data.username, userType: resolved.data.userType }
      : null;
  // An unknown contact (404, or an address so malformed it names no one), any other failure of
  // the lookup, and an answer without what the conversation shows each have their own text.
  const problem = !ref
    ? null
    : resolved.isError
      ? isNotFound(resolved.error)
        ? t('errors.contactNotFound')
        : t('errors.contactLoad')
      : resolved.isSuccess && !complete
        ? t('errors.contactIncomplete')
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
      {problem && <Alert tone="error">{problem}</Alert>}
      <Messenger variant="page" selected={contact} onSelect={open} contactHint={contact} />
    </div>
  );
}

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Whether the contact's answer carries what a conversation shows: its id, name, path and type. */
function isCompleteContact(user: Partial<UserSummary>): boolean {
  return (
    Number.isInteger(user.id) &&
    filled(user.name) &&
    filled(user.username) &&
    (USER_TYPES as readonly unknown[]).includes(user.userType)
  );
}
