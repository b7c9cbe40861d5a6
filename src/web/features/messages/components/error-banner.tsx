import { X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/react';
import { NOTICE_DURATION_MS } from '../../../../common/constants';
import { Alert } from '../../../ui/alert';

/** The messaging error banner: hides itself after 3 s, or at once with its close button. */
export function ErrorBanner({ text, onClear }: { text: string | null; onClear: () => void }) {
  const { t } = useTranslation('messages');
  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(onClear, NOTICE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [text, onClear]);
  if (!text) return null;
  return (
    <Alert
      tone="error"
      className="m-2"
      action={
        <button type="button" onClick={onClear} className="inline-flex items-center gap-1 text-sm font-semibold underline">
          <X aria-hidden="true" className="size-4" />
          {t('banner.dismiss')}
        </button>
      }
    >
      {text}
    </Alert>
  );
}
