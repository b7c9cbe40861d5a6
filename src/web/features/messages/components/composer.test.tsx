import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextsProvider } from '../../../i18n/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGE_MAX } from '../../../../common/schemas/messages';
import { activateLanguage, ensureNamespaces, i18n } from '../../../i18n/i18n';
import { charactersLeft, Composer } from './composer';

beforeAll(async () => {
  await activateLanguage('en');
  await ensureNamespaces('en', ['messages']);
});

const renderComposer = (onSend: (text: string) => Promise<unknown> = vi.fn(async () => undefined)) => {
  render(
    <TextsProvider texts={i18n}>
      <Composer onSend={onSend} />
    </TextsProvider>,
  );
  return { onSend, field: screen.getByLabelText('Your message') as HTMLTextAreaElement, send: screen.getByRole('button', { name: 'Send' }) };
};

describe('composer', () => {
  it('keeps Send off for an empty or blank text', async () => {
    const { field, send, onSend } = renderComposer();
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(field, '   ');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends on Enter, breaks the line on Shift+Enter, and clears the field', async () => {
    const { field, onSend } = renderComposer();
    await userEvent.type(field, 'Hello{Shift>}{Enter}{/Shift}there');
    expect(field.value).toBe('Hello\nthere');
    await userEvent.type(field, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('Hello\nthere');
    expect(field.value).toBe('');
  });

  it('is off while sending: a second Enter sends nothing more', async () => {
    let finish: () => void = () => {};
    const onSend = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { field, send } = renderComposer(onSend);
    await userEvent.type(field, 'One{Enter}');
    expect(send.getAttribute('aria-busy')).toBe('true');
    await userEvent.type(field, 'Two{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => expect(send.getAttribute('aria-busy')).toBeNull());
  });

  it('counts down from 4,500 characters to the 5,000 limit', () => {
    expect(charactersLeft('x'.repeat(4499))).toBeNull();
    expect(charactersLeft('x'.repeat(4500))).toBe(500);
    expect(charactersLeft('x'.repeat(MESSAGE_MAX))).toBe(0);
    const { field } = renderComposer();
    expect(field.maxLength).toBe(MESSAGE_MAX);
    fireEvent.change(field, { target: { value: 'x'.repeat(4600) } });
    expect(screen.getByText('400 characters left')).toBeTruthy();
  });
});
