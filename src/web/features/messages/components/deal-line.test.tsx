import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DealMessageReference } from '../../../../common/schemas/deals';
import type { Message, MessagePerson } from '../../../../common/schemas/messages';
import { createSessionUser } from '../../../test/factories';
import { renderWithApp } from '../../../test/render';
import { MessageItem } from './message-item';

const lena: MessagePerson = { id: 41, name: 'Lena Hoffmann', username: 'lena-ink', avatar: null, userType: 'artist' };
const nadelwerk: MessagePerson = { id: 31, name: 'Nadelwerk', username: 'nadelwerk', avatar: null, userType: 'studio' };

function systemMessage(reference: Partial<DealMessageReference>, sender: MessagePerson): Message {
  const receiver = sender.id === lena.id ? nadelwerk : lena;
  return {
    id: 900,
    senderId: sender.id,
    receiverId: receiver.id,
    content: 'Server text',
    isRead: false,
    createdAt: '2026-11-27T10:00:00.000Z',
    readAt: null,
    sender,
    receiver,
    reference: { type: 'deal', requestId: 5, kind: 'application', status: 'accepted', startDate: '2030-05-03', endDate: '2030-05-10', stayId: null, title: 'Winter', ...reference },
    clientId: null,
  };
}

/** Lena reads a line the studio's change posted (or her own, `mine`), in German. */
async function line(reference: Partial<DealMessageReference>, mine = false) {
  const sender = mine ? lena : nadelwerk;
  const view = await renderWithApp(
    <ul>
      <MessageItem message={systemMessage(reference, sender)} mine={mine} contactName="Nadelwerk" onDelete={() => {}} />
    </ul>,
    { path: '/de/messages/31', namespaces: ['messages', 'deals'], session: { state: 'loggedIn', user: createSessionUser({ id: 41, userType: 'artist' }) } },
  );
  const item = await screen.findByTestId('deal-line');
  const text = item.textContent;
  view.unmount();
  return { text, item };
}

describe('deal system line', () => {
  it.each([
    [{ status: 'pending' as const, kind: 'invitation' as const }, false, 'Nadelwerk hat dich für 3.–10. Mai 2030 als Gast eingeladen.'],
    [{ status: 'accepted' as const }, false, 'Nadelwerk hat deine Bewerbung für 3.–10. Mai 2030 angenommen.'],
    [{ status: 'declined' as const }, false, 'Nadelwerk hat deine Bewerbung für 3.–10. Mai 2030 abgelehnt.'],
    [{ status: 'withdrawn' as const }, true, 'Du hast deine Bewerbung für 3.–10. Mai 2030 zurückgezogen.'],
    [{ status: 'expired' as const }, false, 'Die Bewerbung für 3.–10. Mai 2030 ist unbeantwortet abgelaufen.'],
    [{ status: 'cancelled' as const }, false, 'Nadelwerk hat den Aufenthalt vom 3.–10. Mai 2030 abgesagt.'],
    [{ status: 'pending' as const }, true, 'Du hast dich für 3.–10. Mai 2030 beworben.'],
  ])('writes %o in the reader\'s language', async (reference, mine, expected) => {
    const { text } = await line(reference, mine);
    expect(text).toBe(`${expected} Anfragen & Aufenthalte`);
  });

  it('is a centred line without the bubble\'s actions, linking Requests & stays', async () => {
    const sender = nadelwerk;
    await renderWithApp(
      <ul>
        <MessageItem message={systemMessage({}, sender)} mine={false} contactName="Nadelwerk" onDelete={() => {}} />
      </ul>,
      { path: '/de/messages/31', namespaces: ['messages', 'deals'], session: { state: 'loggedIn', user: createSessionUser({ id: 41 }) } },
    );
    const item = await screen.findByTestId('deal-line');
    expect(within(item).getByRole('link', { name: 'Anfragen & Aufenthalte' }).getAttribute('href')).toBe('/de/dashboard/requests');
    expect(within(item).queryByRole('button')).toBeNull();
  });
});
