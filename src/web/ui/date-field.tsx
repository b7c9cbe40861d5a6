import { CalendarDays, X } from 'lucide-react';
import { lazy, Suspense, type ComponentType, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../i18n/react';
import type { Language } from '../../common/languages';
import { useLanguage } from '../i18n/language';
import { cn } from './cn';
import type { DateCalendarProps } from './date-calendar';
import { EXAMPLE_DAY, formatDay, isIsoDay, parseDay } from './date-format';
import { controlClasses, FieldFrame } from './field';
import { Spinner } from './spinner';

function CalendarUnavailable() {
  const { t } = useTranslation('common');
  return <p className="max-w-64 text-sm">{t('dateField.failed')}</p>;
}

// The calendar (react-day-picker and the date-fns locales) loads on first open, so a page with
// date fields pays only for the text inputs; when the load fails, typing still works.
const DateCalendar = lazy(
  (): Promise<{ default: ComponentType<DateCalendarProps> }> => import('./date-calendar').catch(() => ({ default: CalendarUnavailable })),
);

/**
 * The text of a date field and what it means: the day as the language writes it, '' when empty,
 * or the text itself while it is no real day. Follows `value` when it changes from outside (a pick
 * in the calendar, a reset) without overwriting what is being typed.
 */
function useDayText(value: string, lang: Language) {
  const [text, setText] = useState(() => (isIsoDay(value) ? formatDay(value, lang) : value));
  const textRef = useRef(text);
  textRef.current = text;
  useEffect(() => {
    const current = textRef.current.trim() === '' ? '' : parseDay(textRef.current, lang);
    if (current !== value) setText(isIsoDay(value) ? formatDay(value, lang) : value);
  }, [value, lang]);
  const parsed = text.trim() === '' ? '' : parseDay(text, lang);
  return { text, setText, parsed };
}

/** Whether the popover should open leftwards: a field near the right edge would push it off a phone's screen. */
function useAlignEnd(anchor: RefObject<HTMLElement | null>, open: boolean) {
  const [end, setEnd] = useState(false);
  useLayoutEffect(() => {
    if (!open || !anchor.current) return;
    const rect = anchor.current.getBoundingClientRect();
    setEnd(rect.left + 320 > window.innerWidth && rect.right >= 320);
  }, [anchor, open]);
  return end;
}

/**
 * The calendar's popover: a labelled, non-modal dialog. Escape and the close button close it and
 * put focus back on the button that opened it; a click outside or focus moving elsewhere closes it.
 */
function CalendarPopover({
  label,
  trigger,
  anchor,
  onClose,
  preferEnd = false,
  children,
}: {
  label: string;
  trigger: RefObject<HTMLButtonElement | null>;
  anchor: RefObject<HTMLElement | null>;
  onClose: (returnFocus: boolean) => void;
  /** Open under the anchor's right edge (under the end field of a period side by side). */
  preferEnd?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const panel = useRef<HTMLDivElement>(null);
  const alignEnd = useAlignEnd(anchor, true);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const onPointer = (event: PointerEvent | MouseEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || trigger.current?.contains(target)) return;
      closeRef.current(false);
    };
    // On the window in the capture phase, ahead of a surrounding dialog's own Escape (the
    // phone's filter sheet), so Escape closes the calendar only.
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const active = document.activeElement;
      if (!active || !(panel.current?.contains(active) || trigger.current?.contains(active))) return;
      event.stopPropagation();
      event.preventDefault();
      closeRef.current(true);
    };
    document.addEventListener('mousedown', onPointer);
    window.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [trigger]);

  return (
    <div
      ref={panel}
      role="dialog"
      aria-label={label}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && !panel.current?.contains(next) && !trigger.current?.contains(next)) onClose(false);
      }}
      className={cn('absolute top-full z-30 mt-1 rounded border border-line bg-surface p-3 shadow-lg', alignEnd || preferEnd ? 'right-0' : 'left-0')}
    >
      <div className="flex justify-end">
        <button
          type="button"
          onClick={() => onClose(true)}
          className="-mt-1 -mr-1 inline-flex size-9 items-center justify-center rounded hover:bg-sunken"
          aria-label={t('dateField.close')}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <Suspense
        fallback={
          <p className="flex min-h-40 min-w-64 items-center justify-center gap-2 text-sm text-ink-muted">
            <Spinner />
            {t('dateField.loading')}
          </p>
        }
      >
        {children}
      </Suspense>
    </div>
  );
}

/** A date field's own props, minus the calendar's bounds, plus the calendar it opens. */
interface DateInputProps extends Omit<DateFieldProps, 'min' | 'max'> {
  onOpen: () => void;
  open: boolean;
  buttonRef: RefObject<HTMLButtonElement | null>;
  text: ReturnType<typeof useDayText>;
}

/** One date's label, text input, calendar button, format hint and error. */
function DateInput({ id, label, labelSuffix, hint, error, required, disabled, onChange, onBlur, onOpen, open, buttonRef, text }: DateInputProps) {
  const { t } = useTranslation('common');
  const lang = useLanguage();
  const generated = useId();
  const fieldId = id ?? generated;
  const [left, setLeft] = useState(false);
  const pattern = t('dateField.pattern');
  const formatError = text.parsed === null && left ? t('dateField.invalid', { pattern, example: formatDay(EXAMPLE_DAY, lang) }) : undefined;
  const shown = formatError ?? error;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = shown ? `${fieldId}-error` : undefined;
  const formatId = `${fieldId}-format`;

  return (
    <FieldFrame fieldId={fieldId} label={label} labelSuffix={labelSuffix} hint={hint} hintId={hintId} error={shown} errorId={errorId}>
      <div className="flex gap-2">
        <input
          id={fieldId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={pattern}
          required={required}
          disabled={disabled}
          aria-invalid={shown ? true : undefined}
          aria-describedby={[errorId, hintId, formatId].filter(Boolean).join(' ')}
          className={controlClasses(Boolean(shown), 'min-h-11 min-w-0 flex-1')}
          value={text.text}
          onChange={(e) => {
            const next = e.target.value;
            text.setText(next);
            const parsed = next.trim() === '' ? '' : parseDay(next, lang);
            if (parsed !== null) setLeft(false);
            onChange(parsed ?? next);
          }}
          onBlur={() => {
            setLeft(true);
            if (text.parsed) text.setText(formatDay(text.parsed, lang));
            onBlur?.();
          }}
        />
        <button
          ref={buttonRef}
          type="button"
          disabled={disabled}
          aria-label={t('dateField.open', { label })}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={onOpen}
          className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded border border-line-strong bg-surface hover:bg-sunken disabled:opacity-60"
        >
          <CalendarDays aria-hidden="true" className="size-5" />
        </button>
      </div>
      <span id={formatId} className="sr-only">
        {t('dateField.format', { pattern })}
      </span>
    </FieldFrame>
  );
}

export interface DateFieldProps {
  id?: string;
  label: string;
  labelSuffix?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The day as yyyy-mm-dd, or '' (anything else shows as typed). */
  value: string;
  /** yyyy-mm-dd for a real day, '' when emptied, else the typed text (so a form sees it is invalid). */
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Earliest and latest day the calendar offers, yyyy-mm-dd. */
  min?: string;
  max?: string;
}

/**
 * A date field in the page's language (de 31.05.2026, en 05/31/2026): typed, or picked in a
 * calendar that opens from the button beside it. Hands on the same yyyy-mm-dd the API takes.
 */
export function DateField({ min, max, ...props }: DateFieldProps) {
  const { t } = useTranslation('common');
  const lang = useLanguage();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const text = useDayText(props.value, lang);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  return (
    <div ref={anchor} className="relative">
      <DateInput {...props} text={text} open={open} onOpen={() => setOpen((o) => !o)} buttonRef={button} />
      {open && (
        <CalendarPopover label={t('dateField.calendar', { label: props.label })} trigger={button} anchor={anchor} onClose={close}>
          <DateCalendar
            lang={lang}
            range={false}
            selected={{ from: isIsoDay(props.value) ? props.value : undefined }}
            min={min}
            max={max}
            onPick={(iso) => {
              text.setText(formatDay(iso, lang));
              props.onChange(iso);
              close(true);
            }}
          />
        </CalendarPopover>
      )}
    </div>
  );
}

export interface DateRangeEnd {
  id?: string;
  label: string;
  value: string;
  error?: ReactNode;
  onBlur?: () => void;
}

export interface DateRangeFieldProps {
  start: DateRangeEnd;
  end: DateRangeEnd;
  /** The changed end(s): yyyy-mm-dd, '' or the typed text, as DateField hands them on. */
  onChange: (change: { start?: string; end?: string }) => void;
  required?: boolean;
  labelSuffix?: ReactNode;
  min?: string;
  max?: string;
  className?: string;
}

/**
 * A period as two date fields sharing one calendar: from either button, pick the start, then the
 * end. The end is never before the start: a day before the start becomes the new start, and a
 * typed end before the start shows the error under the end.
 */
export function DateRangeField({ start, end, onChange, required, labelSuffix, min, max, className }: DateRangeFieldProps) {
  const { t } = useTranslation('common');
  const lang = useLanguage();
  const [phase, setPhase] = useState<'start' | 'end' | null>(null);
  const [underEnd, setUnderEnd] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const startButton = useRef<HTMLButtonElement>(null);
  const endButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const startText = useDayText(start.value, lang);
  const endText = useDayText(end.value, lang);

  const startDay = isIsoDay(start.value) ? start.value : undefined;
  const endDay = isIsoDay(end.value) ? end.value : undefined;
  const order = startDay && endDay && endDay < startDay ? t('dateField.endBeforeStart') : undefined;
  const ends = [
    { which: 'start', field: start, error: start.error, text: startText, button: startButton },
    { which: 'end', field: end, error: end.error ?? order, text: endText, button: endButton },
  ] as const;

  const open = (which: 'start' | 'end', button: RefObject<HTMLButtonElement | null>) => {
    if (phase !== null) {
      setPhase(null);
      return;
    }
    opener.current = button.current;
    // Side by side (from 640 px), the calendar opens under the field whose button opened it.
    setUnderEnd(which === 'end' && typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 640px)').matches);
    setAnnouncement('');
    setPhase(which === 'end' && !startDay ? 'start' : which);
  };
  const close = (returnFocus: boolean) => {
    setPhase(null);
    if (returnFocus) opener.current?.focus();
  };

  const pick = (iso: string) => {
    if (phase === 'end' && startDay && iso >= startDay) {
      endText.setText(formatDay(iso, lang));
      onChange({ end: iso });
      close(true);
      return;
    }
    startText.setText(formatDay(iso, lang));
    const clearEnd = endDay !== undefined && endDay < iso;
    if (clearEnd) endText.setText('');
    onChange(clearEnd ? { start: iso, end: '' } : { start: iso });
    setAnnouncement(t(phase === 'end' ? 'dateField.startMoved' : 'dateField.pickEnd', { date: formatDay(iso, lang) }));
    setPhase('end');
  };

  return (
    <div ref={anchor} className={cn('relative grid gap-4 sm:grid-cols-2', className)}>
      {ends.map(({ which, field, error, text, button }) => (
        <DateInput
          key={which}
          {...field}
          error={error}
          labelSuffix={labelSuffix}
          required={required}
          text={text}
          onChange={(value) => onChange({ [which]: value })}
          open={phase !== null}
          onOpen={() => open(which, button)}
          buttonRef={button}
        />
      ))}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {phase !== null && (
        <CalendarPopover label={t('dateField.calendar', { label: phase === 'start' ? start.label : end.label })} trigger={opener} anchor={anchor} onClose={close} preferEnd={underEnd}>
          <DateCalendar lang={lang} range selected={{ from: startDay, to: endDay }} min={min} max={max} month={phase === 'end' ? endDay ?? startDay : startDay} onPick={pick} />
        </CalendarPopover>
      )}
    </div>
  );
}
