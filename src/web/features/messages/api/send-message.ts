import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { MESSAGE_TIMEOUT_MS } from '../../../../common/constants';
import type { Message } from '../../../../common/schemas/messages';
import { api } from '../../../lib/api';
import { insertMessage } from '../cache';
import { messageKeys } from '../keys';
import { addToOutbox, readOutbox, removeFromOutbox, updateOutbox, type OutboxEntry } from '../outbox';

/**
 * POST /api/messages {recipient_id, content, client_id} with the 10 s timeout. A repeated
 * client_id answers the first message (200), so retrying after a lost answer is safe.
 */
export function postMessage(input: { recipientId: number; content: string; clientId: string }): Promise<{ message: Message }> {
  return api.post<{ message: Message }>(
    '/api/messages',
    { recipient_id: input.recipientId, content: input.content, client_id: input.clientId },
    { timeoutMs: MESSAGE_TIMEOUT_MS },
  );
}

/** A fresh id for a message, kept across its retries. */
export function newClientId(): string {
  return crypto.randomUUID();
}

/**
 * Sending from a conversation: the message waits in the outbox (local storage) until the server
 * answers with it; a failure of any kind leaves it there, marked not sent, for Retry or Discard.
 */
export function useSendMessage(me: number) {
  const qc = useQueryClient();

  const deliver = useCallback(
    async (entry: Pick<OutboxEntry, 'clientId' | 'recipientId' | 'content'>) => {
      updateOutbox(me, entry.clientId, { state: 'sending', error: null });
      try {
        const { message } = await postMessage(entry);
        removeFromOutbox(me, entry.clientId);
        insertMessage(qc, me, message);
        void qc.invalidateQueries({ queryKey: messageKeys.conversations(me) });
        return true;
      } catch (err) {
        updateOutbox(me, entry.clientId, { state: 'failed', error: err instanceof Error ? err.message : null });
        return false;
      }
    },
    [me, qc],
  );

  const send = useCallback(
    (recipientId: number, content: string) => {
      const entry: OutboxEntry = {
        clientId: newClientId(),
        recipientId,
        content,
        createdAt: new Date().toISOString(),
        state: 'sending',
        error: null,
      };
      addToOutbox(me, entry);
      return deliver(entry);
    },
    [me, deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const entry = readOutbox(me).find((e) => e.clientId === clientId);
      return entry ? deliver(entry) : Promise.resolve(false);
    },
    [me, deliver],
  );

  const discard = useCallback((clientId: string) => removeFromOutbox(me, clientId), [me]);

  return { send, retry, discard };
}
