import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dealTermsField, dealWishesField, type DealTerms } from '../../../common/schemas/deal-terms';
import { renderWithApp } from '../../test/render';
import { TermsFields, WishesFields, eurosToCents, termsDraft, termsState } from './deal-fields';
import { useListingForm, type ListingFormValues } from './listing-form';

type Values = ListingFormValues & { terms: object | null; wishes: object | null };
const BASE: Omit<Values, 'terms' | 'wishes'> = { title: '', startDate: '', endDate: '', countryId: '', cityId: '', cityName: '', description: '', styleIds: [], isActive: true };
// The section alone, validated by the shared schema as the guest spot and availability forms do.
const schema = z.object({ terms: dealTermsField, wishes: dealWishesField });

function Harness({ terms = null, wishes = null, sent }: { terms?: DealTerms | null; wishes?: object | null; sent: unknown[] }) {
  const save = useMutation({
    mutationFn: async ({ data }: { id?: number; data: unknown }) => {
      sent.push(data);
      return { id: 1, slug: 'saved' };
    },
  });
  const form = useListingForm<Values, unknown, { id: number; slug: string }>({
    ns: 'guestSpotsEntry',
    schema,
    initial: () => ({ ...BASE, terms, wishes }),
    order: ['terms', 'wishes'],
    idPrefix: 'gs',
    labels: { terms: 'Deal', wishes: 'What I look for' },
    save,
    pathOf: (saved) => `/guestspot/${saved.slug}`,
  });
  return (
    <form noValidate onSubmit={form.onSubmit}>
      <TermsFields form={form} />
      <WishesFields form={form} />
      <button type="submit">Save</button>
    </form>
  );
}

const NS = ['guestSpotsEntry', 'listingsEntry', 'dealTerms', 'errors', 'profiles'];

describe('deal form sections', () => {
  it('converts euros to cents as typed, and keeps a typo for the schema to refuse', () => {
    expect(eurosToCents('80')).toBe('8000');
    expect(eurosToCents('12,50')).toBe('1250');
    expect(eurosToCents(' ')).toBeUndefined();
    expect(eurosToCents('80 Euro')).toBe('80 Euro');
    // What the fields hold of stored terms is sent back unchanged.
    const stored: DealTerms = { deal: { type: 'commission', guestSharePercent: 70, weeklyCapCents: 150_000 }, housing: 'guest_room', provides: ['station'] };
    expect(dealTermsField.parse(termsDraft(termsState(stored)))).toEqual(stored);
    expect(termsDraft(termsState(null))).toBeNull();
  });

  it('starts with the stored terms and sends the changed ones as the schema reads them', async () => {
    const sent: unknown[] = [];
    const terms: DealTerms = { deal: { type: 'commission', guestSharePercent: 70, weeklyCapCents: 150_000 }, housing: 'guest_room', provides: ['station', 'ink'] };
    await renderWithApp(<Harness terms={terms} sent={sent} />, { namespaces: NS });
    expect((screen.getByLabelText('Guest’s share in percent') as HTMLInputElement).value).toBe('70');
    expect((screen.getByLabelText(/Weekly cap in euros/) as HTMLInputElement).value).toBe('1500');
    expect((screen.getByLabelText('station') as HTMLInputElement).checked).toBe(true);

    fireEvent.change(screen.getByLabelText(/Kind of deal/), { target: { value: 'chair_rental' } });
    fireEvent.change(screen.getByLabelText('Rent in euros'), { target: { value: '80,50' } });
    fireEvent.change(screen.getByLabelText('Per'), { target: { value: 'week' } });
    fireEvent.click(screen.getByLabelText('gloves'));
    fireEvent.click(screen.getByLabelText('Instagram story'));
    fireEvent.change(screen.getByLabelText(/Minimum stay in days/), { target: { value: '3' } });
    fireEvent.click(screen.getByLabelText('German'));
    fireEvent.click(screen.getByLabelText('I need a place to stay'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      terms: {
        deal: { type: 'chair_rental', rentCents: 8050, rentPer: 'week' },
        housing: 'guest_room',
        provides: ['station', 'ink', 'gloves'],
        advertising: ['instagram_story'],
        minDays: 3,
        languages: ['german'],
      },
      wishes: { needsHousing: true },
    });
  });

  it('sends null for an empty section, so saving removes the terms', async () => {
    const sent: unknown[] = [];
    await renderWithApp(<Harness terms={{ housing: 'apartment' }} sent={sent} />, { namespaces: NS });
    fireEvent.change(screen.getByLabelText(/^Housing/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => sent).toHaveLength(1);
    expect(sent[0]).toEqual({ terms: null, wishes: null });
  });

  it('shows the shared schema’s message under the wrong part once it is left, in the page language, and sends nothing', async () => {
    const sent: unknown[] = [];
    await renderWithApp(<Harness sent={sent} />, { path: '/de', namespaces: NS });
    fireEvent.change(screen.getByLabelText(/Art der Vereinbarung/), { target: { value: 'commission' } });
    const share = screen.getByLabelText('Anteil des Gastes in Prozent');
    fireEvent.change(share, { target: { value: '20' } });
    fireEvent.blur(share);
    expect(await screen.findByText('Der Anteil des Gastes muss zwischen 30 und 95 Prozent liegen.')).toBeTruthy();
    const minShare = screen.getByLabelText(/Mein Anteil mindestens/);
    fireEvent.change(minShare, { target: { value: '99' } });
    fireEvent.blur(minShare);
    expect(await screen.findAllByText('Der Anteil des Gastes muss zwischen 30 und 95 Prozent liegen.')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText(/Wochenobergrenze in Euro/), { target: { value: 'viel' } });
    expect(await screen.findByText('Bitte gib die Miete an und ob sie pro Tag oder pro Woche gilt.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent).toHaveLength(0);
  });
});
