import { DayPicker, type Matcher } from 'react-day-picker';
import { de, enUS, es, fr, pt } from 'react-day-picker/locale';
import type { Language } from '../../common/languages';
import { dateOfIso, isoOfDate } from './date-format';

// date-fns locales with DayPicker's own translated labels ("Zum nächsten Monat", the day names
// read out). Their week start is the calendar's: Sunday for English (US, matching its
// MM/DD/YYYY), Monday for the European languages.
const LOCALES = { en: enUS, de, es, fr, pt } as const;

const CLASS_NAMES = {
  root: 'relative w-max text-ink',
  months: 'flex flex-col',
  month: 'space-y-2',
  month_caption: 'flex h-10 items-center px-2 font-bold capitalize',
  caption_label: 'text-base',
  nav: 'absolute top-0 right-0 flex gap-1',
  button_previous: 'inline-flex size-10 items-center justify-center rounded hover:bg-sunken disabled:opacity-40',
  button_next: 'inline-flex size-10 items-center justify-center rounded hover:bg-sunken disabled:opacity-40',
  chevron: 'size-4 fill-current',
  month_grid: 'border-collapse',
  weekdays: '',
  weekday: 'size-10 text-center text-xs font-semibold text-ink-muted',
  week: '',
  day: 'size-10 p-0 text-center',
  day_button:
    'inline-flex size-10 items-center justify-center rounded text-sm hover:bg-sunken disabled:cursor-not-allowed disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-offset-0',
  today: '[&>button]:font-extrabold [&>button]:underline',
  outside: 'text-ink-muted',
  disabled: 'opacity-40',
  selected: '[&>button]:bg-ink [&>button]:text-paper [&>button]:hover:bg-ink',
  range_start: '',
  range_end: '',
  // Middle days are selected too: these win over the ink of the ends.
  range_middle: '[&>button]:bg-sunken! [&>button]:text-ink! [&>button]:hover:bg-line!',
};

export interface DateCalendarProps {
  lang: Language;
  /** The chosen day (single), or the period with the day a pick goes to marked (range). */
  selected: { from?: string; to?: string };
  range: boolean;
  /** Called with the clicked (or Enter-chosen) day as yyyy-mm-dd. */
  onPick: (iso: string) => void;
  min?: string;
  max?: string;
  /** The month shown first, as yyyy-mm-dd of any of its days; else the chosen day's, else today's. */
  month?: string;
}

/**
 * The calendar of a date field, loaded when first opened. DayPicker brings the keyboard: arrows
 * move by day and week, Page Up/Down by month, Home/End to the week's ends, Enter picks; focus
 * starts on the chosen day (or today).
 */
export default function DateCalendar({ lang, selected, range, onPick, min, max, month }: DateCalendarProps) {
  const from = dateOfIso(selected.from);
  const to = dateOfIso(selected.to);
  const minDate = dateOfIso(min);
  const maxDate = dateOfIso(max);
  const disabled: Matcher[] = [];
  if (minDate) disabled.push({ before: minDate });
  if (maxDate) disabled.push({ after: maxDate });
  const common = {
    locale: LOCALES[lang],
    autoFocus: true,
    fixedWeeks: true,
    showOutsideDays: true,
    defaultMonth: dateOfIso(month) ?? (range ? to ?? from : from) ?? minDate,
    startMonth: minDate,
    endMonth: maxDate,
    disabled,
    classNames: CLASS_NAMES,
    onDayClick: (day: Date, modifiers: { disabled?: boolean }) => {
      if (!modifiers.disabled) onPick(isoOfDate(day));
    },
  };
  return range ? <DayPicker {...common} mode="range" selected={from ? { from, to } : undefined} /> : <DayPicker {...common} mode="single" selected={from} />;
}
