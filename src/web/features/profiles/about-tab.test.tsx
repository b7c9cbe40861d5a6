import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createProfile } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { AboutTab } from './components/about-tab';

// Profile 41 takes fallback quote 41 % 20 = 1.
const QUOTE_1_EN = 'Skin is the canvas, ink is the memory.';

describe('about tab', () => {
  it('shows the bio as written, and no quote', async () => {
    await renderWithApp(<AboutTab profile={createProfile({ bio: 'Fine line since 2014.' })} />, { namespaces: ['profiles'] });
    expect(screen.getByText('Fine line since 2014.')).toBeTruthy();
    expect(screen.queryByText(QUOTE_1_EN)).toBeNull();
    expect(screen.queryByText('No description yet.')).toBeNull();
  });

  it('tells visitors plainly that there is no description, and marks the fallback quote as not the person’s words', async () => {
    await renderWithApp(<AboutTab profile={createProfile({ bio: '   ' })} />, { namespaces: ['profiles'] });
    expect(screen.getByText('No description yet.')).toBeTruthy();
    const quote = screen.getByText(QUOTE_1_EN);
    expect(quote.closest('blockquote')).toBeTruthy();
    expect(quote.closest('figure')?.querySelector('figcaption')?.textContent).toBe('A saying from the tattoo world, not Lena Hoffmann’s own words.');
    expect(screen.queryByRole('link', { name: 'Write your description' })).toBeNull();
  });

  it('asks the owner to write a description, with a link to the edit form', async () => {
    await renderWithApp(<AboutTab profile={createProfile({ can: { edit: true, delete: true } })} />, { path: '/de/', namespaces: ['profiles'] });
    expect(screen.getByText(/Du hast noch nichts über dich geschrieben/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Beschreibung schreiben' }).getAttribute('href')).toBe('/de/Lena-Ink?edit=true');
    expect(screen.queryByText('Noch keine Beschreibung.')).toBeNull();
    expect(screen.getByText(/gekennzeichnet als nicht deine Worte/)).toBeTruthy();
  });
});
