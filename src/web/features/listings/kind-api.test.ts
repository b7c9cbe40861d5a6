import { describe, expect, it } from 'vitest';
import { KIND_APIS } from './kind-api';
import { KINDS } from './kinds';

describe('kind APIs', () => {
  it('are the kinds\' own, each filtering by the account type that posts the kind', () => {
    for (const kind of Object.values(KINDS)) {
      expect(kind.api).toBe(KIND_APIS[kind.name]);
      expect(kind.api.ownerParam).toBe(kind.postedBy === 'studio' ? 'studioId' : 'artistId');
    }
  });
});
