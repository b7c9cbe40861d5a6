import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GalleryImage } from '../../../common/schemas/gallery';
import { createGalleryImage, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { interceptUploads, stubObjectUrls } from '../../test/upload';
import { Portfolio } from './components/portfolio';

const mine = { edit: true, delete: true };

function Owner({ initial, canManage = true }: { initial: GalleryImage[]; canManage?: boolean }) {
  const [images, setImages] = useState(initial);
  return <Portfolio images={images} ownerId={7} ownerName="Lena" canManage={canManage} onImagesChange={(update) => setImages(update)} />;
}

/** The portfolio's images in the order shown, by their alt text. */
const order = () =>
  within(screen.getByRole('list', { name: 'Portfolio of Lena' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('[data-image]')?.getAttribute('data-image') ?? li.querySelector('button')?.getAttribute('aria-label'));

afterEach(() => vi.unstubAllGlobals());

describe('portfolio', () => {
  it('lays the pictures out in a masonry read row by row, each picture shaped as it is before it loads', async () => {
    const images = [createGalleryImage({ caption: 'first', width: 1600, height: 1200 }), createGalleryImage({ caption: 'second' })];
    await renderWithApp(<Owner initial={images} canManage={false} />, { namespaces: ['gallery'] });
    const list = screen.getByRole('list', { name: 'Portfolio of Lena' });
    expect(list.className).toContain('grid');
    expect(list.className).not.toMatch(/(^|\s)columns-/);
    expect(order()).toEqual(['View larger: first', 'View larger: second']);
    const boxes = [...list.querySelectorAll('img')].map((img) => (img.parentElement as HTMLElement).style.aspectRatio);
    expect(boxes).toEqual(['1600/1200', '800/1000']);
    // Visitors get neither the reorder mode nor the upload.
    expect(screen.queryByRole('button', { name: 'Reorder' })).toBeNull();
  });

  it('reorders by keyboard in the reorder mode, announces each move and saves the order once', async () => {
    const user = userEvent.setup();
    const [a, b, c] = [1, 2, 3].map((n) => createGalleryImage({ id: n, caption: `Piece ${n}`, can: mine })) as [GalleryImage, GalleryImage, GalleryImage];
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/gallery/order' && init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { ids: number[] };
          puts.push(body);
          const byId = new Map([a, b, c].map((i) => [i.id, i]));
          return jsonResponse({ success: true, images: body.ids.map((id, position) => ({ ...byId.get(id), position })) });
        }
        throw new Error(`unexpected ${url}`);
      }),
    );
    await renderWithApp(<Owner initial={[a, b, c]} />, { namespaces: ['gallery'] });
    await user.click(screen.getByRole('button', { name: 'Reorder' }));
    expect(screen.getByText('Position 1 of 3')).toBeTruthy();

    const later = screen.getByRole('button', { name: 'Move image 1 later' });
    later.focus();
    await user.keyboard('{ArrowRight}');
    expect(order()).toEqual(['2', '1', '3']);
    expect(screen.getByText('Piece 1 is now at position 2 of 3.')).toBeTruthy();
    // Focus stays with the moved image, so the next key moves it on.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move image 2 later' }));
    await user.keyboard('{ArrowDown}');
    expect(order()).toEqual(['2', '3', '1']);
    // At the end its "later" button is disabled: focus moves to "earlier".
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move image 3 earlier' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move image 2 earlier' }));
    expect(order()).toEqual(['3', '2', '1']);
    expect(screen.getByText('Piece 3 is now at position 1 of 3.')).toBeTruthy();
    expect(puts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(puts).toEqual([{ ids: [3, 2, 1] }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save order' })).toBeNull());
    expect(order()).toEqual(['View larger: Piece 3', 'View larger: Piece 2', 'View larger: Piece 1']);
  });

  it('moves by drag and drop in the reorder mode, and cancel keeps the old order', async () => {
    const user = userEvent.setup();
    const images = [1, 2, 3].map((n) => createGalleryImage({ id: n, caption: `Piece ${n}`, can: mine }));
    await renderWithApp(<Owner initial={images} />, { namespaces: ['gallery'] });
    await user.click(screen.getByRole('button', { name: 'Reorder' }));
    const items = within(screen.getByRole('list', { name: 'Portfolio of Lena' })).getAllByRole('listitem');
    fireEvent.dragStart(items[2] as HTMLElement, { dataTransfer: { effectAllowed: '' } });
    fireEvent.dragOver(items[0] as HTMLElement);
    fireEvent.drop(items[0] as HTMLElement);
    expect(order()).toEqual(['3', '1', '2']);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(order()).toEqual(['View larger: Piece 1', 'View larger: Piece 2', 'View larger: Piece 3']);
  });

  it('opens the enlarged view of a picture, loaded on first use, and closes it with Escape', async () => {
    const user = userEvent.setup();
    const images = [createGalleryImage({ id: 1, caption: 'Rose' }), createGalleryImage({ id: 2, caption: 'Dagger' })];
    await renderWithApp(<Owner initial={images} canManage={false} />, { namespaces: ['gallery'] });
    await user.click(screen.getByRole('button', { name: 'View larger: Dagger' }));
    expect(await screen.findByRole('dialog', { name: 'Image 2 of 2' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("edits a picture's caption in the dialog loaded on first use", async () => {
    const user = userEvent.setup();
    const image = createGalleryImage({ id: 1, caption: 'Rose', can: mine });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/gallery/1' && init?.method === 'PUT') return jsonResponse({ success: true, image: { ...image, caption: 'Red rose' } });
        return jsonResponse([]);
      }),
    );
    await renderWithApp(<Owner initial={[image]} />, { namespaces: ['gallery'] });
    await user.click(screen.getByRole('button', { name: 'Edit image 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit image' });
    const caption = within(dialog).getByRole('textbox');
    await user.clear(caption);
    await user.type(caption, 'Red rose');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(order()).toEqual(['View larger: Red rose']));
  });

  it('puts newly uploaded work first', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse([])));
    stubObjectUrls();
    interceptUploads((upload) => setTimeout(() => upload.answer(201, { success: true, image: createGalleryImage({ id: 99, caption: 'Fresh', can: mine }) }), 0));
    const images = [1, 2].map((n) => createGalleryImage({ id: n, caption: `Piece ${n}`, can: mine }));
    await renderWithApp(<Owner initial={images} />, { namespaces: ['gallery'] });
    await user.click(screen.getByRole('button', { name: 'Add image' }));
    const input = (await screen.findByLabelText(/Choose images/)) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'fresh.png', { type: 'image/png' })] } });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(order()).toEqual(['View larger: Fresh', 'View larger: Piece 1', 'View larger: Piece 2']);
  });

  it('shows its owner a picture moderation hid, marked with the reason, and lets them delete it', async () => {
    const user = userEvent.setup();
    const deletes: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'DELETE') {
          deletes.push(url);
          return jsonResponse({ success: true });
        }
        throw new Error(`unexpected ${url}`);
      }),
    );
    const hidden = createGalleryImage({ id: 5, caption: 'Koi', can: mine, hiddenReason: 'Someone else’s tattoo' });
    const shown = createGalleryImage({ id: 6, caption: 'Rose', can: mine });
    await renderWithApp(<Owner initial={[hidden, shown]} />, { path: '/de/dashboard', namespaces: ['gallery'] });
    const items = within(screen.getByRole('list', { name: 'Portfolio von Lena' })).getAllByRole('listitem');
    expect(within(items[0] as HTMLElement).getByText('Von der Moderation ausgeblendet: Someone else’s tattoo')).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryByText(/Von der Moderation ausgeblendet/)).toBeNull();

    await user.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Bild 1 löschen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(deletes).toEqual(['/api/gallery/5']));
    await waitFor(() => expect(screen.queryByText(/Von der Moderation ausgeblendet/)).toBeNull());
  });
});
