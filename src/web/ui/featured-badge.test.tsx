import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { FeaturedBadge, isFeaturedUntil } from './featured-badge';

describe('featured badge', () => {
  it('says the word in each language, with an icon hidden from screen readers', async () => {
    const words = { en: 'Featured', de: 'Featured', es: 'Destacado', fr: 'À la une', pt: 'Em destaque' } as const;
    for (const [lang, word] of Object.entries(words)) {
      const { unmount, container } = await renderWithApp(<FeaturedBadge />, { path: `/${lang}/` });
      const badge = screen.getByText(word);
      // Not the colour alone: the word is written, the icon beside it is decoration.
      expect(badge.className).toContain('bg-accent');
      expect(badge.className).toContain('text-on-accent');
      expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
      unmount();
    }
  });

  it('counts a featured time as active only while it lies ahead', () => {
    const now = Date.parse('2026-11-24T12:00:00.000Z');
    expect(isFeaturedUntil('2026-11-24T12:00:01.000Z', now)).toBe(true);
    expect(isFeaturedUntil('2026-11-24T12:00:00.000Z', now)).toBe(false);
    expect(isFeaturedUntil('2026-11-01T00:00:00.000Z', now)).toBe(false);
    expect(isFeaturedUntil(null, now)).toBe(false);
  });
});
