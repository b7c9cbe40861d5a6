import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createGalleryImage } from '../../../test/factories';
import { renderWithApp } from '../../../test/render';
import { Lightbox } from './lightbox';

describe('the single-image view', () => {
  it("shows the specification's load error text when the picture cannot be loaded", async () => {
    const images = [createGalleryImage({ id: 1, caption: 'Rose' }), createGalleryImage({ id: 2, caption: 'Dagger' })];
    await renderWithApp(<Lightbox images={images} index={0} onIndexChange={() => {}} onClose={() => {}} seed={3} ownerName="Mara" />, {
      path: '/de/tattoo-galerie',
      namespaces: ['gallery'],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Bild 1 von 2' });
    fireEvent.error(screen.getByRole('img', { name: 'Rose' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Fehler beim Laden des Bildes.');
    expect(dialog.querySelector('img')).toBeNull();
  });
});
