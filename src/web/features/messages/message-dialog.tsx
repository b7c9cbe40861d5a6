import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { MESSAGE_MAX } from '../../../common/message-limits';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { TextArea } from '../../ui/field';
import { newClientId, postMessage } from './api/send-message';
import { insertMessage } from './cache';
import { charactersLeft } from './components/composer';
import { DIALOG_CLOSE_AFTER_MS } from './constants';

/** The dialog's states: closed, open, sending, sent, error. */
export type DialogState = 'closed' | 'open' | 'sending' | 'sent' | 'error';

/**
 * The message dialog: sends with the 10 s timeout; on success 'Message sent successfully!' and
 * it closes after 2 s; on failure the error text, with the text kept for another try (under the
 * same client_id, so a send whose answer was lost is not made twice).
 */
export function MessageDialog({
  me,
  recipient,
  state,
  onStateChange,
}: {
  me: number;
  recipient: { id: number; name: string };
  state: DialogState;
  onStateChange: (state: DialogState) => void;
}) {
  const { t } = useTranslation('messages');
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const clientId = useRef(newClientId());
  const left = charactersLeft(text);

  useEffect(() => {
    if (state !== 'sent') return;
    const timer = setTimeout(() => {
      setText('');
      onStateChange('closed');
    }, DIALOG_CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state, onStateChange]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '' || state === 'sending' || state === 'sent') return;
    onStateChange('sending');
    try {
      const { message } = await postMessage({ recipientId: recipient.id, content: text, clientId: clientId.current });
      insertMessage(qc, me, message);
      clientId.current = newClientId();
      onStateChange('sent');
    } catch {
      onStateChange('error');
    }
  };

  return (
    <Dialog
      open={state !== 'closed'}
      onOpenChange={(open) => !open && state !== 'sending' && onStateChange('closed')}
      title={t('dialog.title', { name: recipient.name })}
      closeLabel={t('close')}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {state === 'sent' && <Alert tone="success">{t('dialog.sent')}</Alert>}
        {state === 'error' && <Alert tone="error">{t('dialog.failed')}</Alert>}
        <TextArea
          label={t('dialog.label')}
          value={text}
          maxLength={MESSAGE_MAX}
          onChange={(e) => setText(e.target.value)}
          disabled={state === 'sending' || state === 'sent'}
          rows={6}
          hint={left !== null ? t('composer.left', { count: left }) : undefined}
        />
        <div className="flex justify-end gap-2">
          <Button onClick={() => onStateChange('closed')} disabled={state === 'sending'}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="primary" loading={state === 'sending'} disabled={text.trim() === '' || state === 'sent'}>
            {t('composer.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
