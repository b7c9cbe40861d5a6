import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { Editor } from './components/editor';
import { applyFormat, quoteOf } from './markdown-tools';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <Editor label="Beitrag" value={value} onChange={setValue} />;
}

describe('forum editor', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('formats the selection with its buttons and counts the characters', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Harness initial="fett hier" />, { path: '/de/forum/new', namespaces: ['forum'] });
    const area = (await screen.findByRole('textbox', { name: 'Beitrag' })) as HTMLTextAreaElement;
    area.setSelectionRange(0, 4);
    await user.click(screen.getByRole('button', { name: 'Fett' }));
    expect(area.value).toBe('**fett** hier');
    expect(screen.getByText('13 / 20000 Zeichen')).toBeDefined();
    fireEvent.change(area, { target: { value: 'eins\nzwei' } });
    area.setSelectionRange(0, 9);
    await user.click(screen.getByRole('button', { name: 'Liste' }));
    expect(area.value).toBe('- eins\n- zwei');
  });

  it('shows the server’s rendering in the preview tab', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () => jsonResponse({ success: true, bodyHtml: '<p><strong>fett</strong></p>' }));
    vi.stubGlobal('fetch', fetch);
    await renderWithApp(<Harness initial="**fett**" />, { path: '/de/forum/new', namespaces: ['forum'] });
    await user.click(await screen.findByRole('tab', { name: 'Vorschau' }));
    expect((await screen.findByText('fett')).tagName).toBe('STRONG');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/forum/preview');
    expect(JSON.parse(String(init.body))).toEqual({ body: '**fett**' });
    await user.click(screen.getByRole('tab', { name: 'Schreiben' }));
    expect(screen.getByRole('textbox', { name: 'Beitrag' })).toBeDefined();
  });

  it('edits markdown without a browser: links select their address, quotes name the author', () => {
    expect(applyFormat('link', 'siehe hier', 6, 10, 'Linktext')).toEqual({ value: 'siehe [hier](https://)', start: 13, end: 21 });
    expect(applyFormat('italic', 'ab', 1, 1, 'Text')).toEqual({ value: 'a_Text_b', start: 2, end: 6 });
    expect(applyFormat('quote', 'a\nb\nc', 2, 3, 'Text').value).toBe('a\n> b\nc');
    expect(quoteOf('eins\n\nzwei', 'lena')).toBe('> **@lena**\n> eins\n>\n> zwei\n\n');
  });
});
