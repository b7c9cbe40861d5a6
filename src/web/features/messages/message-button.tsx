import { LogIn, MessageSquare } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { LocalizedLink } from '../../i18n/localized-link';
import { useReturnIntent, useSession } from '../../lib/session';
import { Button, buttonClasses, type ButtonVariant } from '../../ui/button';
import type { DialogState } from './message-dialog';

// The dialog (its form, the send queue, the cache updates) loads when the pointer or focus
// reaches the button: most who see the button never open it.
const loadDialog = () => import('./message-dialog');
const MessageDialog = lazy(() => loadDialog().then((m) => ({ default: m.MessageDialog })));

/** The query that reopens the dialog when a visitor comes back from the login. */
export const OPEN_PARAM = 'message';

interface Recipient {
  id: number;
  name: string;
}

interface MessageButtonProps {
  recipient: Recipient;
  /** The button's text; the messages texts' "Send message" when left out. */
  label?: string;
  /** The logged-out visitor's link text; the messages texts' "Log in to message" when left out (short: one line on a phone). */
  loginLabel?: string;
  variant?: ButtonVariant;
}

/**
 * The send-message action of a profile or a listing. Visitors log in first and come back with
 * the dialog open (?message=open); the owner of the profile does not get it. A page that names
 * both texts itself does not load the messages texts until the dialog opens.
 */
export function MessageButton({ label, loginLabel, ...rest }: MessageButtonProps) {
  if (label !== undefined && loginLabel !== undefined) return <MessageAction {...rest} label={label} loginLabel={loginLabel} />;
  return <WithMessagesTexts {...rest} label={label} loginLabel={loginLabel} />;
}

function WithMessagesTexts({ recipient, label, loginLabel, variant }: MessageButtonProps) {
  const { t } = useTranslation('messages');
  return (
    <MessageAction
      recipient={recipient}
      variant={variant}
      label={label ?? t('dialog.open', { name: recipient.name })}
      loginLabel={loginLabel ?? t('dialog.loginFirst', { name: recipient.name })}
    />
  );
}

function MessageAction({ recipient, label, loginLabel, variant = 'primary' }: MessageButtonProps & { label: string; loginLabel: string }) {
  const { i18n } = useTranslation();
  const { state: session, user } = useSession();
  const intent = useReturnIntent(OPEN_PARAM, 'open');
  const [state, setState] = useState<DialogState>('closed');
  // Once opened the dialog stays mounted, so closing still animates and returns focus.
  const [opened, setOpened] = useState(false);
  if (state !== 'closed' && !opened) setOpened(true);

  const { wanted: wantsOpen, clear: clearIntent } = intent;
  useEffect(() => {
    if (session !== 'loggedIn' || !wantsOpen || user?.id === recipient.id) return;
    setState('open');
    clearIntent();
  }, [session, wantsOpen, user?.id, recipient.id, clearIntent]);

  // A failed early load is no failure: the dialog loads again when it opens.
  const preload = () => {
    loadDialog().catch(() => undefined);
    i18n.loadNamespaces(i18n.language, ['messages']).catch(() => undefined);
  };

  if (session === 'loading' || (user && user.id === recipient.id)) return null;
  if (session === 'loggedOut' || !user) {
    // The path carries its language prefix already; the login page keeps it.
    return (
      <LocalizedLink to={`/login?redirect=${intent.loginRedirect}`} className={buttonClasses({ variant })}>
        <LogIn aria-hidden="true" className="size-5" />
        {loginLabel}
      </LocalizedLink>
    );
  }
  return (
    <>
      <Button
        variant={variant}
        onClick={() => setState('open')}
        onPointerEnter={preload}
        onFocus={preload}
        icon={<MessageSquare aria-hidden="true" className="size-5" />}
      >
        {label}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <MessageDialog me={user.id} recipient={recipient} state={state} onStateChange={setState} />
        </Suspense>
      )}
    </>
  );
}
