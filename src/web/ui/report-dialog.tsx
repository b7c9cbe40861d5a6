import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/react';
import { toast } from './toast';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from '../../common/message-limits';
import type { ReportInput } from '../../common/schemas/messages';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextArea } from './field';
import { useReport } from '../lib/report';

type Reason = (typeof REPORT_REASONS)[number];

/** The dialog's title for each kind of reported thing. */
const TITLES: Record<ReportInput['targetType'], string> = {
  user: 'report.titleUser',
  message: 'report.titleMessage',
  review: 'report.titleReview',
  image: 'report.titleImage',
  guest_spot: 'report.titleListing',
  availability: 'report.titleListing',
  forum_thread: 'report.titleForumThread',
  forum_post: 'report.titleForumPost',
};

/**
 * Reports a user, a message, a review, an image or a listing with a reason and optional details
 * (≤ 1,000 characters), then thanks in a toast. Shared by messaging, the gallery's enlarged view
 * and the listing pages; its texts are the messages namespace's `report`. Load it lazily: the
 * pages that offer it are public, and only logged-in users ever open it.
 */
export function ReportDialog({
  target,
  name,
  onClose,
}: {
  target: Pick<ReportInput, 'targetType' | 'targetId'>;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('messages');
  const report = useReport();
  const groupId = useId();
  const [reason, setReason] = useState<Reason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(t('report.reasonRequired'));
      return;
    }
    setError(null);
    report.mutate(
      { ...target, reason, details: details.trim() || null },
      {
        onSuccess: () => {
          toast.success(t('report.sent'));
          onClose();
        },
        onError: (err) => setError(err.message || t('report.failed')),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t(TITLES[target.targetType], { name })}
      closeLabel={t('close')}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <fieldset className="space-y-2">
          <legend id={groupId} className="mb-2 text-sm font-semibold">
            {t('report.reason')}
          </legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-3 rounded px-2 hover:bg-sunken">
              <input
                type="radio"
                name={`${groupId}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-4 accent-[var(--color-accent)]"
              />
              {t(`report.reasons.${value}`)}
            </label>
          ))}
        </fieldset>
        <TextArea
          label={t('report.details')}
          labelSuffix={t('optional')}
          value={details}
          maxLength={REPORT_DETAILS_MAX}
          onChange={(e) => setDetails(e.target.value)}
          hint={t('report.detailsHint', { count: REPORT_DETAILS_MAX - details.length })}
          rows={4}
        />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="primary" loading={report.isPending}>
            {t('report.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
