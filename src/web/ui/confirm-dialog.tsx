import { useState } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * Asks before something that cannot be undone. `onConfirm` runs while the confirm button shows
 * progress; when it rejects, the dialog stays open with the error's message (or `texts.failed`).
 * Texts come translated from the caller.
 */
export interface ConfirmTexts {
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  close: string;
  /** Shown when `onConfirm` rejects without a message. */
  failed: string;
}

export function ConfirmDialog({ open, onClose, texts, onConfirm }: { open: boolean; onClose: () => void; texts: ConfirmTexts; onConfirm: () => Promise<unknown> }) {
  const { title, text, confirm: confirmLabel, cancel: cancelLabel, close: closeLabel, failed: failedText } = texts;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      close();
    } catch (err) {
      setError((err instanceof Error && err.message) || failedText);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && !busy && close()}
      title={title}
      description={text}
      closeLabel={closeLabel}
      footer={
        <>
          <Button onClick={close} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant="primary" onClick={confirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error && <Alert tone="error">{error}</Alert>}
    </Dialog>
  );
}
