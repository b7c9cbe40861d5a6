import { SendHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { MESSAGE_COUNTDOWN_FROM, MESSAGE_MAX } from '../../../../common/message-limits';
import { Button } from '../../../ui/button';

/** Characters left to write, shown once a message reaches 4,500 characters (null before). */
export function charactersLeft(text: string): number | null {
  return text.length >= MESSAGE_COUNTDOWN_FROM ? MESSAGE_MAX - text.length : null;
}

/**
 * The message field of a conversation: Enter sends, Shift+Enter breaks the line; Send is off for
 * an empty or blank text and while sending. The text is cleared once it is handed to the
 * outbox, which keeps it whatever the server answers.
 */
export function Composer({ onSend, disabled = false }: { onSend: (text: string) => void | Promise<unknown>; disabled?: boolean }) {
  const { t } = useTranslation('messages');
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const blank = text.trim() === '';
  const left = charactersLeft(text);

  const submit = async () => {
    if (blank || sending || disabled) return;
    setSending(true);
    const value = text;
    setText('');
    try {
      await onSend(value);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="flex items-end gap-2 border-t border-line p-3"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          {t('composer.label')}
        </label>
        <textarea
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          maxLength={MESSAGE_MAX}
          rows={2}
          disabled={disabled}
          placeholder={t('composer.placeholder')}
          aria-describedby={`${id}-hint${left !== null ? ` ${id}-left` : ''}`}
          className="block max-h-40 min-h-11 w-full resize-y rounded border border-line-strong bg-surface px-3 py-2 text-base leading-6 text-ink placeholder:text-ink-muted"
        />
        <p id={`${id}-hint`} className="sr-only">
          {t('composer.hint')}
        </p>
        {left !== null && (
          <p id={`${id}-left`} className="mt-1 text-sm text-ink-muted" aria-live="polite">
            {t('composer.left', { count: left })}
          </p>
        )}
      </div>
      <Button type="submit" variant="primary" disabled={blank || disabled} loading={sending} icon={<SendHorizontal aria-hidden="true" className="size-5" />}>
        {t('composer.send')}
      </Button>
    </form>
  );
}
