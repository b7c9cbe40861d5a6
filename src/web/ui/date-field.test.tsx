import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { DateField, DateRangeField } from './date-field';
import { formatDay, parseDay } from './date-format';

// The calendar is a lazy chunk (react-day-picker with its locales). Loading it once here keeps its
// first import, which takes seconds on a busy machine, out of the tests' one-second waits.
beforeAll(async () => {
  await import('./date-calendar');
}, 30_000);

/** A DateField holding its own value, which the test reads from the output below it. */
function Single({ initial = '', min }: { initial?: string; min?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField id="day" label="Day" value={value} onChange={setValue} min={min} />
      <output data-testid="value">{value}</output>
    </>
  );
}

function Range({ start = '', end = '' }: { start?: string; end?: string }) {
  const [value, setValue] = useState({ start, end });
  return (
    <>
      <DateRangeField
        start={{ id: 's', label: 'Start date', value: value.start }}
        end={{ id: 'e', label: 'End date', value: value.end }}
        onChange={(change) => setValue((v) => ({ ...v, ...change }))}
      />
      <output data-testid="value">{`${value.start}|${value.end}`}</output>
    </>
  );
}

const value = () => screen.getByTestId('value').textContent;

/** Types into a date field and leaves it, as a person does before the field judges the text. */
function typeAndLeave(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

describe('date format', () => {
  it.each([
    ['de', '31.05.2026'],
    ['en', '05/31/2026'],
    ['fr', '31/05/2026'],
  ] as const)('writes a day the %s way', (lang, text) => {
    expect(formatDay('2026-05-31', lang)).toBe(text);
  });

  it.each([
    ['3.4.2026', 'de', '2026-04-03'],
    ['04/03/2026', 'en', '2026-04-03'],
    ['04/03/2026', 'es', '2026-03-04'],
    // A pasted ISO day is taken in any language.
    ['2026-04-03', 'pt', '2026-04-03'],
  ] as const)('reads "%s" on a %s page as %s', (text, lang, day) => {
    expect(parseDay(text, lang)).toBe(day);
  });

  it.each([
    ['31.02.2026', 'de'],
    ['13/01/2026', 'en'],
    ['morgen', 'de'],
  ] as const)('refuses "%s" on a %s page', (text, lang) => {
    expect(parseDay(text, lang)).toBeNull();
  });
});

describe('DateField', () => {
  it('shows and takes DD.MM.YYYY on a German page, with a clear error for anything else', async () => {
    await renderWithApp(<Single initial="2026-12-01" />, { path: '/de/' });
    const input = screen.getByLabelText('Day') as HTMLInputElement;
    expect(input.value).toBe('01.12.2026');
    expect(input.placeholder).toBe('TT.MM.JJJJ');

    fireEvent.change(input, { target: { value: '24.12.2026' } });
    expect(value()).toBe('2026-12-24');

    typeAndLeave(input, '12/24/2026');
    expect(await screen.findByText('Gib das Datum als TT.MM.JJJJ ein, zum Beispiel 31.05.2026.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // The form sees the text, not the last good day, so it cannot be sent by mistake.
    expect(value()).toBe('12/24/2026');

    typeAndLeave(input, '5.1.2027');
    expect(value()).toBe('2027-01-05');
    expect(input.value).toBe('05.01.2027');
    expect(screen.queryByText(/Gib das Datum/)).toBeNull();
  });

  it('shows and takes MM/DD/YYYY on an English page', async () => {
    await renderWithApp(<Single initial="2026-12-01" />);
    const input = screen.getByLabelText('Day') as HTMLInputElement;
    expect(input.value).toBe('12/01/2026');
    fireEvent.change(input, { target: { value: '12/24/2026' } });
    expect(value()).toBe('2026-12-24');
    typeAndLeave(input, '24.12.2026');
    expect(await screen.findByText('Enter the date as MM/DD/YYYY, for example 05/31/2026.')).toBeTruthy();
  });

  it('opens a calendar worked by the keyboard: arrows move, Enter picks, Escape closes back to the button', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Single initial="2026-12-10" />, { path: '/de/' });
    const button = screen.getByRole('button', { name: 'Kalender öffnen: Day' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Kalender: Day' });
    expect(await within(dialog).findByText('Dezember 2026')).toBeTruthy();
    // German weeks start on Monday.
    expect(dialog.querySelector('th')?.getAttribute('aria-label')).toBe('Montag');
    const selected = await within(dialog).findByRole('button', { name: /10\. Dezember 2026/ });
    await vi.waitFor(() => expect(document.activeElement).toBe(selected));

    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/18\. Dezember 2026/);
    await user.keyboard('{Enter}');
    expect(value()).toBe('2026-12-18');
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe('18.12.2026');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);

    await user.click(button);
    await screen.findByRole('dialog');
    await user.keyboard('{ArrowLeft}{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(value()).toBe('2026-12-18');
  });

  it('starts English weeks on Sunday and offers no day before min', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Single min="2026-12-05" />);
    await user.click(screen.getByRole('button', { name: 'Open calendar: Day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calendar: Day' });
    await within(dialog).findByText('December 2026');
    expect(dialog.querySelector('th')?.getAttribute('aria-label')).toBe('Sunday');
    expect((within(dialog).getByRole('button', { name: /December 4th, 2026/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('DateRangeField', () => {
  it('picks a start, then an end, in one calendar', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Range start="2026-12-01" end="2026-12-02" />, { path: '/de/' });
    await user.click(screen.getByRole('button', { name: 'Kalender öffnen: Start date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kalender: Start date' });
    await user.click(within(dialog).getByRole('button', { name: /^Donnerstag, 3\. Dezember 2026/ }));
    // The old end lies before the new start, so it goes.
    expect(value()).toBe('2026-12-03|');
    expect(await screen.findByText('Start: 03.12.2026. Wähle jetzt das Enddatum.')).toBeTruthy();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^Mittwoch, 9\. Dezember 2026/ }));
    expect(value()).toBe('2026-12-03|2026-12-09');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe('09.12.2026');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Kalender öffnen: Start date' }));
  });

  it('never takes an end before the start: a picked earlier day becomes the start, a typed one is refused', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Range start="2026-12-10" />);
    await user.click(screen.getByRole('button', { name: 'Open calendar: End date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calendar: End date' });
    await user.click(within(dialog).getByRole('button', { name: /December 5th, 2026/ }));
    expect(value()).toBe('2026-12-05|');
    expect(await screen.findByText('The end cannot be before the start: 12/05/2026 is the new start. Now choose the end date.')).toBeTruthy();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /December 8th, 2026/ }));
    expect(value()).toBe('2026-12-05|2026-12-08');

    const endInput = screen.getByLabelText('End date');
    await act(async () => {
      fireEvent.change(endInput, { target: { value: '12/01/2026' } });
    });
    expect(screen.getByText('The end date cannot be before the start date.')).toBeTruthy();
    expect(endInput.getAttribute('aria-invalid')).toBe('true');

    // A new start after the end clears the end.
    await user.click(screen.getByRole('button', { name: 'Open calendar: Start date' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /December 20th, 2026/ }));
    expect(value()).toBe('2026-12-20|');
  });
});
