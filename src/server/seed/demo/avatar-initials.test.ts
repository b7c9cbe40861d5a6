import { describe, expect, it } from 'vitest';
import { initials } from '../../../common/format';
import { initialsOf } from './artwork';
import { DEMO_ADMIN, DEMO_ARTISTS, DEMO_STUDIOS } from './people';

// The demo's monogram avatars draw what the app's avatar would show: the display name's initials.
describe('demo avatar initials', () => {
  it('come from the display name, not the username', () => {
    const julia = DEMO_ARTISTS.find((p) => p.name === 'Julia Lange');
    expect(julia?.username).not.toMatch(/^J\S* L/);
    expect(initialsOf('Julia Lange')).toBe('JL');
  });

  it('follow the app rule for every demo person: first and last word, at most two letters', () => {
    for (const person of [...DEMO_ARTISTS, ...DEMO_STUDIOS, DEMO_ADMIN]) {
      const drawn = initialsOf(person.name);
      expect(drawn.length, person.name).toBeGreaterThan(0);
      expect(drawn.length, person.name).toBeLessThanOrEqual(2);
      // The drawing has no accents; the letters are the same.
      expect(drawn, person.name).toBe(initials(person.name).normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'SS').slice(0, 2));
    }
  });

  it('draws one letter for a one-word name and the first and last of three', () => {
    expect(initialsOf('Mia')).toBe('M');
    expect(initialsOf('Anna Lena Maier')).toBe('AM');
    expect(initialsOf('Éva Öztürk')).toBe('EO');
  });
});
