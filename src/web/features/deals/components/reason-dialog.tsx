import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { DEAL_LIMITS } from '../../../../common/deal-limits';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { TextArea } from '../../../ui/field';

/**
 * Asks for the reason of a decline or a cancellation before sending it: optional for a
 * decline, required for a cancelled stay. A refusal of the server stays in the dialog.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  texts,
  required,
  max,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  texts: { title: string; description: string; reason: string; confirm: string; cancel: string; close: string; optional?: string; missing?: string };
  required: boolean;
  max: number;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={texts.title} description={texts.description} closeLabel={texts.close}>
      {open && <ReasonForm texts={texts} required={required} max={max} onConfirm={onConfirm} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ReasonForm({
  texts,
  required,
  max,
  onConfirm,
  onDone,
}: {
  texts: { reason: string; confirm: string; cancel: string; optional?: string; missing?: string };
  required: boolean;
  max: number;
  onConfirm: (reason: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const { t } = useTranslation('deals');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (required && reason.trim() === '') {
      setMissing(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      onDone();
    } catch (err) {
      setError((err instanceof Error && err.message) || t('failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <TextArea
        label={texts.reason}
        labelSuffix={required ? undefined : texts.optional}
        value={reason}
        rows={3}
        maxLength={max}
        required={required}
        onChange={(e) => {
          setReason(e.target.value);
          if (e.target.value.trim()) setMissing(false);
        }}
        onBlur={() => required && setMissing(reason.trim() === '')}
        error={missing ? texts.missing : undefined}
        disabled={busy}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button onClick={onDone} disabled={busy}>
          {texts.cancel}
        </Button>
        <Button type="submit" variant="primary" loading={busy}>
          {texts.confirm}
        </Button>
      </div>
    </form>
  );
}

export const DECLINE_REASON_MAX = DEAL_LIMITS.declineReason;
export const CANCEL_REASON_MAX = DEAL_LIMITS.cancelReason;
