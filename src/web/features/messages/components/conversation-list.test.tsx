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
  it('cuts the last message at 20 characters plus an ellipsis', () => {
    expect(previewText('Hello, we would love to have you')).toBe('Hello, we would love…');
    expect(previewText('Exactly twenty chars')).toBe('Exactly twenty chars');
    expect(previewText(null)).toBe('');
  });

  it('shows the rows with preview and unread count, and the empty text', async () => {
    const onSelect = vi.fn();
    const props = { loading: false, selectedId: null, onSelect, canLoadMore: false, loadingMore: false, onLoadMore: () => {} };
    const { unmount } = await renderWithApp(<ConversationList {...props} conversations={[conversation()]} />, { namespaces: ['messages'] });
    expect(await screen.findByText('Hello, we would love…')).toBeTruthy();
    expect(screen.getByText('2 unread messages')).toBeTruthy();
    screen.getByRole('button', { name: /Nadelwerk Studio/ }).click();
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
    unmount();
    await renderWithApp(<ConversationList {...props} conversations={[]} />, { namespaces: ['messages'] });
    expect(await screen.findByText('No conversations found yet')).toBeTruthy();
  });
});
