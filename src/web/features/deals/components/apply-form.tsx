import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { MESSAGE_MAX } from '../../../../common/message-limits';
import { applyToSpotSchema } from '../../../../common/schemas/deals';
import { useLanguage } from '../../../i18n/language';
import { useSchemaForm, type FieldErrors } from '../../../lib/form';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextArea } from '../../../ui/field';
import { toast } from '../../../ui/toast';
import { useApplyToSpot } from '../api/apply';
import { daysBetween, formatDayRange } from '../dates';
import type { ApplySpot } from './apply-action';
import { DayRangeFields } from './day-range-fields';

type Field = 'startDate' | 'endDate' | 'message';

/** An error key of the errors namespace, or one of ours (`deals:`), as text. */
const errorText = (t: (key: string, options?: Record<string, unknown>) => string, key: string | undefined, options?: Record<string, unknown>) =>
  key === undefined ? undefined : t(key.includes(':') ? key : `errors:${key}`, options);

/** The apply dialog's form: the days (the spot's window by default), the message; the server's refusal (400, 409) shows on top. */
export function ApplyForm({ spot, onSent, onCancel }: { spot: ApplySpot; onSent: () => void; onCancel: () => void }) {
  const { t } = useTranslation(['deals', 'errors']);
  const lang = useLanguage();
  const apply = useApplyToSpot();
  const [startDate, setStartDate] = useState(spot.startDate);
  const [endDate, setEndDate] = useState(spot.endDate);
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const minDays = spot.terms?.minDays;
  const values = useMemo(() => ({ startDate: startDate || undefined, endDate: endDate || undefined, message }), [startDate, endDate, message]);
  // The window and the least stay are the spot's, not the schema's: checked here so the field says it before the server does.
  const insideWindow = useCallback(
    (v: Record<Field, unknown>): FieldErrors<Field> => {
      const start = v.startDate as string | undefined;
      const end = v.endDate as string | undefined;
      if (!start || !end || end < start) return {};
      if (start < spot.startDate || start > spot.endDate) return { startDate: 'deals:apply.outsideWindow' };
      if (end > spot.endDate) return { endDate: 'deals:apply.outsideWindow' };
      if (minDays !== undefined && daysBetween(start, end) < minDays) return { endDate: 'deals:apply.tooShort' };
      return {};
    },
    [spot.startDate, spot.endDate, minDays],
  );
  const form = useSchemaForm<Field>(applyToSpotSchema, values, insideWindow);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (apply.isPending || !form.submit()) return;
    setFailure(null);
    const trimmed = message.trim();
    apply.mutate(
      { spotId: spot.id, body: { startDate, endDate, ...(trimmed ? { message: trimmed } : {}) } },
      {
        onSuccess: () => {
          toast.success(t('apply.sent'));
          onSent();
        },
        onError: (err) => setFailure(err.message || t('failed')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <p className="text-sm text-ink-muted">
        {t('apply.window', { range: formatDayRange(spot.startDate, spot.endDate, lang) })}
        {minDays !== undefined && ` ${t('apply.minDays', { count: minDays })}`}
      </p>
      <DayRangeFields
        labels={{ first: t('apply.firstDay'), last: t('apply.lastDay') }}
        window={spot}
        startDate={startDate}
        endDate={endDate}
        onStartDate={setStartDate}
        onEndDate={setEndDate}
        onBlur={(field) => form.blur(field)}
        errors={{ startDate: errorText(t, form.errors.startDate, { count: minDays }), endDate: errorText(t, form.errors.endDate, { count: minDays }) }}
        disabled={apply.isPending}
      />
      <TextArea
        label={t('apply.message')}
        labelSuffix={t('apply.optional')}
        hint={t('apply.messageHint')}
        value={message}
        rows={4}
        maxLength={MESSAGE_MAX}
        onChange={(e) => setMessage(e.target.value)}
        onBlur={() => form.blur('message')}
        error={errorText(t, form.errors.message, { max: MESSAGE_MAX })}
        disabled={apply.isPending}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button onClick={onCancel} disabled={apply.isPending}>
          {t('apply.cancel')}
        </Button>
        <Button type="submit" variant="primary" loading={apply.isPending}>
          {t('apply.submit')}
        </Button>
      </div>
    </form>
  );
}
