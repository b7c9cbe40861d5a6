import { useState, type ReactNode } from 'react';
import { ADMIN_REASON_MAX } from '../../../../common/schemas/admin';
import { useTranslation } from '../../../i18n/react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { TextArea, TextField } from '../../../ui/field';

export interface ConfirmActionProps {
  open: boolean;
  onClose: () => void;
  /** Names the action and its target: "Suspend Anna Ink?". */
  title: string;
  /** What will happen, in words the admin can check before confirming. */
  consequence: ReactNode;
  /** The confirm button's label: the action's verb ("Suspend"). */
  confirmLabel: string;
  /**
   * Ask for a reason: `required` keeps confirm disabled until one is typed. The reason goes to
   * the audit log (and to the user where the action mails them).
   */
  reason?: { required: boolean; label?: string; hint?: string };
  /** A name the admin must type exactly (a username) before confirm works, for what cannot be undone. */
  typeToConfirm?: string;
  /** More fields of the action (a date, a password), shown above the reason. */
  children?: ReactNode;
  /** Keeps confirm disabled while the extra fields are incomplete. */
  ready?: boolean;
  /** Runs while confirm shows progress; a rejection keeps the dialog open with its message. */
  onConfirm: (input: { reason: string }) => Promise<unknown>;
}

/**
 * The confirmation every destructive admin action asks for. It names the target and the
 * consequence, can demand a reason and the typed username, and closes only once the action
 * succeeded; cancelling calls nothing.
 */
export function ConfirmAction({ open, onClose, title, consequence, confirmLabel, reason, typeToConfirm, children, ready = true, onConfirm }: ConfirmActionProps) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setText('');
    setTyped('');
    setError(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const reasonMissing = !!reason?.required && text.trim() === '';
  const nameMissing = typeToConfirm !== undefined && typed.trim() !== typeToConfirm;
  const blocked = reasonMissing || nameMissing || !ready;

  const confirm = async () => {
    if (blocked) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm({ reason: text.trim() });
      reset();
      onClose();
    } catch (err) {
      setError((err instanceof Error && err.message) || t('confirm.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={title}
      description={consequence}
      closeLabel={t('confirm.close')}
      footer={
        <>
          <Button onClick={close} disabled={busy}>
            {t('confirm.cancel')}
          </Button>
          <Button variant="primary" onClick={confirm} loading={busy} disabled={blocked}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        {children}
        {reason && (
          <TextArea
            label={reason.label ?? t('confirm.reason')}
            labelSuffix={reason.required ? undefined : t('confirm.optional')}
            hint={reason.hint ?? (reason.required ? t('confirm.reasonHint') : undefined)}
            value={text}
            maxLength={ADMIN_REASON_MAX}
            rows={3}
            required={reason.required}
            onChange={(event) => setText(event.target.value)}
          />
        )}
        {typeToConfirm !== undefined && (
          <TextField
            label={t('confirm.typeName', { name: typeToConfirm })}
            value={typed}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setTyped(event.target.value)}
          />
        )}
        {error && <Alert tone="error">{error}</Alert>}
        {/* Enter in a field confirms, as the button does (and is refused the same way while blocked). */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
    </Dialog>
  );
}
