import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardImage } from '../../../common/schemas/card-images';
import { createCardImage, createSessionUser, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { interceptUploads } from '../../test/upload';
import { moveItem, SpotPhotoGallery, SpotPhotosManager } from './spot-photos';

const SPOT = 7;
const base = `/api/guest-spots/${SPOT}/photos`;
const studio = createSessionUser({ id: 31, userType: 'studio' });

/** The server's side of the photo calls, kept in memory, with every request it saw. */
function fakeServer(initial: CardImage[]) {
  let photos = [...initial];
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (method === 'GET' && url === base) return jsonResponse({ success: true, photos });
      if (method === 'PUT' && url === `${base}/order`) {
        const ids = (body as { ids: number[] }).ids;
        photos = ids.map((id) => photos.find((p) => p.id === id) as CardImage);
        return jsonResponse({ success: true, photos });
      }
      const deleted = new RegExp(`^${base}/(\\d+)$`).exec(url);
      if (method === 'DELETE' && deleted) {
        photos = photos.filter((p) => p.id !== Number(deleted[1]));
        return jsonResponse({ success: true, photos });
      }
      throw new Error(`unexpected ${method} ${url}`);
    }),
  );

  // Each upload answers after a progress event.
  const uploads: string[] = [];
  interceptUploads((upload) => {
    uploads.push((upload.form.get('image') as File).name);
    setTimeout(() => {
      upload.progress(50);
      setTimeout(() => {
        const photo = createCardImage({ width: 800, height: 600 });
        photos = [...photos, photo];
        calls.push({ method: 'POST', url: upload.url });
        upload.answer(201, { success: true, photo, photos });
      }, 5);
    }, 5);
  });
  return { calls, uploads, photos: () => photos };
}

const renderManager = (path = '/guestspot/x/edit') =>
  renderWithApp(<SpotPhotosManager spotId={SPOT} />, { path, namespaces: ['spotPhotos'], session: { state: 'loggedIn', user: studio } });


afterEach(() => vi.unstubAllGlobals());

describe('moveItem', () => {
  it('moves one item and keeps the others in order', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 1, 9)).toEqual(['a', 'b']);
  });
});

describe('guest spot photo manager', () => {
  it('shows the count and the cover, and reorders by button and by arrow key, announced, saving each order', async () => {
    const [a, b, c] = [createCardImage(), createCardImage(), createCardImage()] as [CardImage, CardImage, CardImage];
    const server = fakeServer([a, b, c]);
    await renderManager();
    expect(await screen.findByText('3 of 6')).toBeTruthy();
    expect(screen.getByText('Cover')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo 1 of the workplace' }).getAttribute('src')).toBe(a.largeUrl);
    // The file input keeps its name whatever was picked.
    expect(screen.getByLabelText('Add photos').getAttribute('type')).toBe('file');
    expect((screen.getByRole('button', { name: 'Move earlier (photo 1)' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Move later (photo 1)' }));
    expect(await screen.findByText('Photo moved to position 2 of 3.')).toBeTruthy();
    await waitFor(() => expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({ ids: [b.id, a.id, c.id] }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Photo 2 of the workplace' }).getAttribute('src')).toBe(a.largeUrl));
    // Focus follows the moved photo.
    await waitFor(() => expect(document.activeElement?.textContent).toContain('(photo 2)'));

    const later = screen.getByRole('button', { name: 'Move later (photo 2)' });
    await waitFor(() => expect((later as HTMLButtonElement).disabled).toBe(false));
    fireEvent.keyDown(later, { key: 'ArrowDown' });
    expect(await screen.findByText('Photo moved to position 3 of 3.')).toBeTruthy();
    await waitFor(() => expect(server.photos().map((p) => p.id)).toEqual([b.id, c.id, a.id]));
  });

  it('reorders by dragging one photo onto another', async () => {
    const [a, b] = [createCardImage(), createCardImage()] as [CardImage, CardImage];
    const server = fakeServer([a, b]);
    await renderManager();
    await screen.findByText('2 of 6');
    const items = screen.getAllByRole('listitem');
    const dataTransfer = { effectAllowed: '', setData: () => {} };
    fireEvent.dragStart(items[1] as HTMLElement, { dataTransfer });
    fireEvent.dragOver(items[0] as HTMLElement, { dataTransfer });
    fireEvent.drop(items[0] as HTMLElement, { dataTransfer });
    await waitFor(() => expect(server.photos().map((p) => p.id)).toEqual([b.id, a.id]));
  });

  it('deletes a photo only after the confirm', async () => {
    const [a, b] = [createCardImage(), createCardImage()] as [CardImage, CardImage];
    const server = fakeServer([a, b]);
    await renderManager();
    await screen.findByText('2 of 6');
    fireEvent.click(screen.getByRole('button', { name: 'Delete (photo 1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete photo 1?' });
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    expect(await screen.findByText('1 of 6')).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'DELETE')?.url).toBe(`${base}/${a.id}`);
    expect(screen.getByRole('img', { name: 'Photo 1 of the workplace' }).getAttribute('src')).toBe(b.largeUrl);
  });

  it('uploads several photos one after another, each with its progress, and takes no more than fit', async () => {
    const server = fakeServer(Array.from({ length: 4 }, () => createCardImage()));
    await renderManager('/de/guestspot/x/edit');
    expect(await screen.findByText('4 von 6')).toBeTruthy();
    const files = ['werkstatt.jpg', 'licht.png', 'empfang.webp'].map((name) => new File(['x'], name, { type: 'image/jpeg' }));
    fireEvent.change(screen.getByLabelText('Fotos hinzufügen'), { target: { files } });
    expect(await screen.findByText('Nicht hinzugefügt: empfang.webp. Ein Gastplatz hat höchstens 6 Fotos.')).toBeTruthy();
    expect(await screen.findByRole('progressbar', { name: 'Fortschritt beim Hochladen von werkstatt.jpg' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Fortschritt beim Hochladen von licht.png' })).toBeTruthy();
    expect(await screen.findByText('6 von 6', {}, { timeout: 3000 })).toBeTruthy();
    expect(server.uploads).toEqual(['werkstatt.jpg', 'licht.png']);
    expect(await screen.findByText('Fotos hochgeladen: 2.')).toBeTruthy();
    expect(screen.getByText('Alle 6 Plätze sind belegt. Lösche ein Foto, um ein anderes hinzuzufügen.')).toBeTruthy();
    expect(screen.queryByLabelText('Fotos hinzufügen')).toBeNull();
  });

  it('says so when there are no photos yet', async () => {
    fakeServer([]);
    await renderManager();
    expect(await screen.findByText('No photos yet. Photos of your workplace help artists decide.')).toBeTruthy();
    expect(screen.getByText('0 of 6')).toBeTruthy();
  });
});

describe('guest spot photo gallery', () => {
  it('shows nothing without photos', async () => {
    const { container } = await renderWithApp(<SpotPhotoGallery photos={[]} studioName="Nadelwerk" />, { namespaces: ['spotPhotos'] });
    expect(container.querySelector('section')).toBeNull();
  });

  it('leads with the first photo, sized and eager, and opens the others larger', async () => {
    const photos = [createCardImage({ width: 1600, height: 1200 }), createCardImage({ width: 900, height: 1200 }), createCardImage()];
    await renderWithApp(<SpotPhotoGallery photos={photos} studioName="Nadelwerk" />, { namespaces: ['spotPhotos'] });
    const lead = await screen.findByRole('img', { name: 'Photo 1 of 3 of the workplace at Nadelwerk' });
    expect(lead.getAttribute('width')).toBe('1600');
    expect(lead.getAttribute('height')).toBe('1200');
    expect(lead.getAttribute('fetchpriority')).toBe('high');
    expect(lead.getAttribute('loading')).toBe('eager');
    expect(lead.getAttribute('sizes')).toBeTruthy();
    expect(lead.getAttribute('srcset')).toContain(`${photos[0]!.thumbnailUrl} 400w`);
    const thumb = screen.getByRole('img', { name: 'Photo 2 of 3 of the workplace at Nadelwerk' });
    expect(thumb.getAttribute('loading')).toBe('lazy');
    expect(thumb.getAttribute('fetchpriority')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Enlarge photo 2 of 3' }));
    const viewer = await screen.findByRole('dialog', { name: 'Photo 2 of 3' });
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe(photos[1]!.largeUrl);
    act(() => {
      fireEvent.keyDown(document, { key: 'ArrowRight' });
    });
    expect(await screen.findByRole('dialog', { name: 'Photo 3 of 3' })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Photo 1 of 3' })).toBeTruthy();
    // Escape closes it, and focus goes back to the picture that opened it.
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Enlarge photo 2 of 3' })));
  });
});
