import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../../../common/schemas/messages';
import { renderWithApp } from '../../../test/render';
import { ConversationList, previewText } from './conversation-list';

const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  id: 7,
  name: 'Nadelwerk Studio',
  username: 'nadelwerk',
  avatar: null,
  userType: 'studio',
  unreadCount: 2,
  lastMessage: 'Hello, we would love to have you in June!',
  lastMessageTime: new Date().toISOString(),
  ...overrides,
});

describe('conversation list', () => {
  it('keeps as much of the last message as a row can show, on one line, and at least 20 characters wide', async () => {
    expect(previewText('Hello, we would love to have you')).toBe('Hello, we would love to have you');
    expect(previewText('Hi!\n\nSee you   in June')).toBe('Hi! See you in June');
    expect(previewText('x'.repeat(400))).toBe(`${'x'.repeat(160)}…`);
    expect(previewText(null)).toBe('');
    const props = { loading: false, selectedId: null, onSelect: vi.fn(), canLoadMore: false, loadingMore: false, onLoadMore: () => {} };
    await renderWithApp(<ConversationList {...props} conversations={[conversation()]} />, { namespaces: ['messages'] });
    const preview = await screen.findByText('Hello, we would love to have you in June!');
    // The row's CSS cuts it at its width (with an ellipsis), never narrower than 20 characters.
    expect(preview.className).toContain('truncate');
    expect(preview.className).toContain('min-w-[min(20ch,100%)]');
  });

  it('shows the rows with preview and unread count, and the empty text', async () => {
    const onSelect = vi.fn();
    const props = { loading: false, selectedId: null, onSelect, canLoadMore: false, loadingMore: false, onLoadMore: () => {} };
    const { unmount } = await renderWithApp(<ConversationList {...props} conversations={[conversation()]} />, { namespaces: ['messages'] });
    expect(await screen.findByText('Hello, we would love to have you in June!')).toBeTruthy();
    expect(screen.getByText('2 unread messages')).toBeTruthy();
    screen.getByRole('button', { name: /Nadelwerk Studio/ }).click();
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
    unmount();
    await renderWithApp(<ConversationList {...props} conversations={[]} />, { namespaces: ['messages'] });
    expect(await screen.findByText('No conversations found yet')).toBeTruthy();
  });
});
