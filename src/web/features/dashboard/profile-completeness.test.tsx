import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createGalleryImage, createProfile } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { ProfileCompleteness, completenessSteps, hasPicture } from './profile-completeness';

const render = (profile = createProfile(), path = '/') =>
  renderWithApp(<ProfileCompleteness profile={profile} pending={false} path="/Lena-Ink" />, { path, namespaces: ['dashboard'] });

describe('profile completeness', () => {
  it('counts the steps done and offers the next one as a link; a profile without a picture is told why it is not listed', async () => {
    // The factory's profile has a city and styles, nothing else.
    await render();
    expect(screen.getByText('2 of 6 done')).toBeTruthy();
    const meter = screen.getByRole('progressbar', { name: 'Complete your profile' });
    expect(meter.getAttribute('aria-valuenow')).toBe('2');
    expect(meter.getAttribute('aria-valuemax')).toBe('6');
    expect(screen.getByText(/once it has a profile picture or a portfolio image/)).toBeTruthy();
    const next = screen.getAllByRole('link');
    expect(next).toHaveLength(1);
    expect(next[0]?.textContent).toBe('Add a profile picture');
    expect(next[0]?.getAttribute('href')).toBe('/Lena-Ink?edit=true');
    expect(screen.getAllByText('(done)')).toHaveLength(2);
    expect(screen.getAllByText('(still open)')).toHaveLength(4);
  });

  it('sends the next step to the portfolio tab once the avatar is there, in the page’s language', async () => {
    await render(createProfile({ avatar: '/uploads/avatars/41/a-large.webp' }), '/de/');
    expect(screen.getByText('3 von 6 erledigt')).toBeTruthy();
    expect(screen.queryByText(/sobald es ein Profilbild/)).toBeNull();
    const link = screen.getByRole('link', { name: 'Erstes Portfolio-Bild hochladen' });
    expect(link.getAttribute('href')).toBe('/de/Lena-Ink?tab=portfolio');
  });

  it('tells a featured profile without a picture that its featured place is not showing, and what is missing', async () => {
    await render(createProfile({ featuredUntil: new Date(Date.now() + 86_400_000).toISOString() }), '/de/');
    expect(screen.getByRole('alert').textContent).toBe(
      'Deine Featured-Platzierung wird noch nicht angezeigt: Featured-Listen zeigen nur Profile mit Profilbild oder Portfolio-Bild.',
    );
    expect(screen.getByRole('link', { name: 'Profilbild hinzufügen' }).getAttribute('href')).toBe('/de/Lena-Ink?edit=true');
    expect(screen.queryByText(/Listen und Treffer zeigen dein Profil/)).toBeNull();
  });

  it('judges the picture as the featured lists do: an avatar or a portfolio image', () => {
    expect(hasPicture(createProfile())).toBe(false);
    expect(hasPicture(createProfile({ avatar: '/uploads/avatars/41/a-large.webp' }))).toBe(true);
    expect(hasPicture(createProfile({ galleryImages: [createGalleryImage()] }))).toBe(true);
    // An image moderation hid shows nowhere public, so it does not count.
    expect(hasPicture(createProfile({ galleryImages: [createGalleryImage({ hiddenReason: 'Kein Tattoo-Motiv' })] }))).toBe(false);
  });

  it('is gone once every step is done', async () => {
    const complete = createProfile({
      avatar: '/uploads/avatars/41/a-large.webp',
      headerImage: '/uploads/headers/41/h-large.webp',
      bio: 'Fine line since 2014.',
      galleryImages: [createGalleryImage()],
    });
    expect(completenessSteps(complete).every((s) => s.done)).toBe(true);
    const { container } = await render(complete);
    expect(container.textContent).toBe('');
  });
});
