import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DealTerms } from '../../../common/schemas/deal-terms';
import { createGuestSpotListItem } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { FitBadges, TermsFactSheet, WishesFacts } from './deal-facts';
import { DealLine } from './deal-line';
import { KINDS } from './kinds';
import { KindListingCard } from './listing-card';

const TERMS: DealTerms = {
  deal: { type: 'commission', guestSharePercent: 70, weeklyCapCents: 150_000, note: 'Paid out every Friday.' },
  deposits: 'guest_collects',
  provides: ['station', 'needles', 'ink'],
  advertising: ['instagram_post', 'window'],
  housing: 'guest_room',
  minDays: 5,
  languages: ['german', 'english'],
};

const rowTexts = (list: HTMLElement) => within(list).getAllByRole('listitem').map((li) => li.textContent);

describe('deal fact sheet', () => {
  it('writes every term in words beside its icon, money in the page language', async () => {
    await renderWithApp(<TermsFactSheet terms={TERMS} />, { namespaces: ['dealTerms', 'profiles'] });
    expect(screen.getByRole('heading', { name: 'The deal' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Terms of this guest spot' });
    expect(rowTexts(list)).toEqual([
      '70 % for you · weekly cap €1,500.00',
      'Paid out every Friday.',
      'You collect the deposits',
      'Studio provides: station, needles, and ink',
      'The studio promotes you: Instagram post and shop window',
      'Guest room',
      'At least 5 days',
      'Spoken in the studio: German and English',
    ]);
    // Icons only repeat the words: hidden from screen readers, never alone.
    for (const item of within(list).getAllByRole('listitem')) {
      expect(item.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
      expect(item.textContent?.trim()).not.toBe('');
    }
  });

  it('speaks German with German money, and a weekly chair rent', async () => {
    await renderWithApp(<TermsFactSheet terms={{ deal: { type: 'chair_rental', rentCents: 42_000, rentPer: 'week' }, housing: 'none', minDays: 1 }} />, {
      path: '/de',
      namespaces: ['dealTerms', 'profiles'],
    });
    expect(screen.getByRole('heading', { name: 'Die Vereinbarung' })).toBeTruthy();
    expect(rowTexts(screen.getByRole('list'))).toEqual(['Platzmiete 420,00\u00a0€ pro Woche', 'Keine Unterkunft', 'Mindestens 1 Tag']);
  });

  it('shows nothing for terms that name nothing', async () => {
    const { container } = await renderWithApp(<TermsFactSheet terms={{}} />, { namespaces: ['dealTerms', 'profiles'] });
    expect(container.querySelector('section')).toBeNull();
  });

  it("writes an artist's wishes in words", async () => {
    await renderWithApp(<WishesFacts wishes={{ dealTypes: ['commission', 'chair_rental'], minSharePercent: 60, maxRentCents: 8000, needsHousing: true }} />, {
      namespaces: ['dealTerms'],
    });
    expect(screen.getByRole('heading', { name: 'What I look for' })).toBeTruthy();
    expect(rowTexts(screen.getByRole('list'))).toEqual([
      'Deal: share of earnings and chair rent',
      'At least 60 % for me',
      'Chair rent up to €80.00 a day',
      'I need a place to stay',
    ]);
  });

  it('names why a match fits as badges, from the side of the page', async () => {
    await renderWithApp(
      <>
        <FitBadges fit={['share', 'housing']} side="artist" />
        <FitBadges fit={[]} side="studio" />
      </>,
      { namespaces: ['dealTerms'] },
    );
    const lists = screen.getAllByRole('list', { name: 'How the deal fits' });
    expect(lists).toHaveLength(1);
    expect(rowTexts(lists[0]!)).toEqual(['fits your share', 'has a place to stay']);
  });
});

describe('deal line on a card', () => {
  it('says the deal and the housing in one line', async () => {
    await renderWithApp(<DealLine terms={TERMS} />, { namespaces: ['guestSpots'] });
    expect(screen.getByText('70 % for you · guest room')).toBeTruthy();
  });

  it("shows the terms on a guest spot card instead of the studio's words, which stay without terms", async () => {
    const withTerms = createGuestSpotListItem({ title: 'With terms', compensation: '70/30', terms: { deal: { type: 'chair_rental', rentCents: 8000, rentPer: 'day' }, housing: 'apartment' } });
    const without = createGuestSpotListItem({ title: 'Without terms', compensation: '60/40' });
    await renderWithApp(
      <>
        <KindListingCard kind={KINDS.guestSpots} listing={withTerms} priority={false} />
        <KindListingCard kind={KINDS.guestSpots} listing={without} priority={false} />
      </>,
      { path: '/de', namespaces: ['listings', 'guestSpots'] },
    );
    const card = screen.getByRole('link', { name: /With terms/ });
    expect(card.textContent).toContain('Platz 80,00\u00a0€ pro Tag · Wohnung');
    expect(card.textContent).not.toContain('70/30');
    expect(screen.getByRole('link', { name: /Without terms/ }).textContent).toContain('60/40');
  });
});
