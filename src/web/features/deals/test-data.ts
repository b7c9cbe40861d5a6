import type { DealRequest, Stay } from '../../../common/schemas/deals';
import type { MessagePerson } from '../../../common/schemas/messages';
import { createCardImage } from '../../test/factories';

export const lena: MessagePerson = { id: 41, name: 'Lena Hoffmann', username: 'lena-ink', avatar: null, userType: 'artist' };
export const nadelwerk: MessagePerson = { id: 31, name: 'Nadelwerk Berlin', username: 'Nadelwerk Berlin', avatar: null, userType: 'studio' };

let nextId = 500;

/** An application of Lena to a spot of Nadelwerk, pending, as GET /api/applications answers it. */
export function createDealRequest(overrides: Partial<DealRequest> = {}): DealRequest {
  return {
    id: nextId++,
    kind: 'application',
    status: 'pending',
    guestSpot: { id: 7, slug: 'winter-in-kreuzberg', title: 'Winter in Kreuzberg' },
    availability: null,
    artist: lena,
    studio: nadelwerk,
    startDate: '2030-05-03',
    endDate: '2030-05-10',
    terms: null,
    reason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
    stayId: null,
    ...overrides,
  };
}

/** Lena's confirmed stay at Nadelwerk. */
export function createStay(overrides: Partial<Stay> = {}): Stay {
  return {
    id: nextId++,
    artist: lena,
    studio: nadelwerk,
    guestSpotId: 7,
    startDate: '2030-05-03',
    endDate: '2030-05-10',
    city: 'Berlin',
    terms: null,
    status: 'confirmed',
    createdAt: '2026-11-21T10:00:00.000Z',
    cancelledAt: null,
    cancelReason: null,
    ...overrides,
  };
}

export const artistDetails = {
  latestWorks: [createCardImage({ id: 1 }), createCardImage({ id: 2 }), createCardImage({ id: 3 })],
  rating: 4.5,
  reviewCount: 12,
  languages: ['german' as const, 'english' as const],
};
