import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../../common/schemas/messages';
import { outboxKey } from '../../../lib/session';
import { jsonResponse } from '../../../test/factories';
import { readOutbox, resetOutboxCache } from '../outbox';
import { useSendMessage } from './send-message';

const ME = 5;

function message(overrides: Partial<Message> = {}): Message {
  const person = { id: ME, name: 'Lena', username: 'lena', avatar: null, userType: 'artist' as const };
  return {
    id: 1,
    senderId: ME,
    receiverId: 9,
    content: 'Hello',
    isRead: false,
    createdAt: new Date().toISOString(),
    readAt: null,
    sender: person,
    receiver: { ...person, id: 9, userType: 'studio' },
    reference: null,
    clientId: null,
    ...overrides,
  };
}

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  return renderHook(() => useSendMessage(ME), { wrapper }).result;
}

const bodies = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)) as { client_id: string; content: string });

beforeEach(() => resetOutboxCache());

describe('sending through the outbox', () => {
  it('keeps a failed send as not sent, and Retry sends it again with the same client_id', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(async (_url: string, init: RequestInit) => {
        const { client_id } = JSON.parse(String(init.body)) as { client_id: string };
        return jsonResponse({ message: message({ clientId: client_id }) }, 201);
      });
    vi.stubGlobal('fetch', fetch);
    const result = setup();

    let ok = true;
    await act(async () => {
      ok = await result.current.send(9, 'Hello');
    });
    expect(ok).toBe(false);
    const [failed] = readOutbox(ME);
    expect(failed).toMatchObject({ recipientId: 9, content: 'Hello', state: 'failed' });
    // It survives a reload: the outbox is in local storage under the user's key.
    expect(JSON.parse(localStorage.getItem(outboxKey(ME)) ?? '[]')).toHaveLength(1);

    await act(async () => {
      ok = await result.current.retry(failed!.clientId);
    });
    expect(ok).toBe(true);
    const [first, second] = bodies(fetch);
    expect(second?.client_id).toBe(first?.client_id);
    expect(second?.client_id).toBe(failed!.clientId);
    expect(readOutbox(ME)).toEqual([]);
  });

  it('treats a refusal (4xx, 429) as not sent too, and Discard removes it', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: false, error: 'Too many requests' }, 429)));
    const result = setup();
    await act(async () => {
      await result.current.send(9, 'Hello');
    });
    const [failed] = readOutbox(ME);
    expect(failed).toMatchObject({ state: 'failed', error: 'Too many requests' });
    act(() => result.current.discard(failed!.clientId));
    expect(readOutbox(ME)).toEqual([]);
    expect(JSON.parse(localStorage.getItem(outboxKey(ME)) ?? '[]')).toEqual([]);
  });

  it('reads a send that was still running at the last reload as not sent', () => {
    localStorage.setItem(
      outboxKey(ME),
      JSON.stringify([{ clientId: 'c1', recipientId: 9, content: 'Hi', createdAt: '2026-01-01T00:00:00Z', state: 'sending', error: null }]),
    );
    expect(readOutbox(ME)[0]?.state).toBe('failed');
  });
});
