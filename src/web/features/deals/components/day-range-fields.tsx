import { DateField } from '../../../ui/date-field';

/**
 * The first and last day of a request, inside the window it asks for: applying picks days of a
 * spot, inviting days of an availability. The last day cannot come before the first.
 */
export function DayRangeFields({
  labels,
  window,
  startDate,
  endDate,
  onStartDate,
  onEndDate,
  onBlur,
  errors,
  required,
  disabled,
}: {
  labels: { first: string; last: string };
  window: { startDate: string; endDate: string };
  startDate: string;
  endDate: string;
  onStartDate: (value: string) => void;
  onEndDate: (value: string) => void;
  onBlur: (field: 'startDate' | 'endDate') => void;
  errors: { startDate?: string | undefined; endDate?: string | undefined };
  required?: boolean;
  disabled: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <DateField
        label={labels.first}
        value={startDate}
        min={window.startDate}
        max={window.endDate}
        onChange={onStartDate}
        onBlur={() => onBlur('startDate')}
        error={errors.startDate}
        required={required}
        disabled={disabled}
      />
      <DateField
        label={labels.last}
        value={endDate}
        min={startDate || window.startDate}
        max={window.endDate}
        onChange={onEndDate}
        onBlur={() => onBlur('endDate')}
        error={errors.endDate}
        required={required}
        disabled={disabled}
      />
    </div>
  );
}
