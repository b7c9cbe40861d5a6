import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GalleryImage } from '../../../common/schemas/gallery';
import { createGalleryImage, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { interceptUploads, stubObjectUrls, type PendingUpload } from '../../test/upload';
import { runLimited } from './api/upload-image';
import { UploadDialog } from './components/upload-dialog';

const png = (name: string) => new File(['x'], name, { type: 'image/png' });

/** Each upload reports 40 %, then waits for the test to `finish` it: with an image (201) or the server's error. */
function fakeUploads() {
  const sent: { name: string; caption: string | null; styleIds: string[] }[] = [];
  const open = new Map<string, PendingUpload>();
  let inFlight = 0;
  let maxInFlight = 0;
  interceptUploads((upload) => {
    const name = (upload.form.get('image') as File).name;
    sent.push({ name, caption: upload.form.get('caption') as string | null, styleIds: upload.form.getAll('styleIds') as string[] });
    open.set(name, upload);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => upload.progress(40), 0);
  });
  const finish = async (name: string, answer: { status: number; body: unknown }) => {
    await waitFor(() => expect(open.has(name)).toBe(true));
    const upload = open.get(name) as PendingUpload;
    open.delete(name);
    inFlight--;
    upload.answer(answer.status, answer.body);
  };
  return { sent, finish, maxInFlight: () => maxInFlight };
}

function renderDialog(props: { onUploaded?: (image: GalleryImage) => void; onFinished?: (count: number) => void; onOpenChange?: (open: boolean) => void } = {}, path = '/') {
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse([{ id: 1, slug: 'dotwork', name: 'Dotwork' }])));
  stubObjectUrls();
  return renderWithApp(
    <UploadDialog open onOpenChange={props.onOpenChange ?? (() => {})} onUploaded={props.onUploaded ?? (() => {})} onFinished={props.onFinished} />,
    { path, namespaces: ['gallery'] },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('runLimited', () => {
  it('runs at most the limit at once, in order, and goes on after a failure', async () => {
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    await runLimited([1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 1));
      running--;
      if (n === 2) throw new Error('fails');
    });
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
  });
});

describe('gallery upload dialog', () => {
  it('enables upload only with a chosen image, refuses other types and shows the caption length', async () => {
    await renderDialog();
    const submit = await screen.findByRole('button', { name: 'Upload' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    const input = screen.getByLabelText(/Choose images/) as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Please choose an image in JPEG, PNG or WebP format.')).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(input, { target: { files: [png('a.png')] } });
    expect(await screen.findByRole('img', { name: 'Preview of a.png' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(false);
    expect(await screen.findByRole('checkbox', { name: 'Dotwork' })).toBeTruthy();
    // The chooser keeps its name once a file is picked (axe: a file input must stay labelled).
    expect(screen.getByLabelText(/Add more images/)).toBe(input);

    expect(screen.getByText('0/250 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Caption/), { target: { value: 'x'.repeat(251) } });
    expect(screen.getByText('The caption is too long (251/250 characters).')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(screen.queryByRole('img', { name: 'Preview of a.png' })).toBeNull();
    expect(screen.getByLabelText(/Choose images/)).toBe(input);
  });

  it('shows the German type error', async () => {
    await renderDialog({}, '/de/');
    const input = (await screen.findByRole('dialog')).querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Bitte wähle ein Bild im JPEG, PNG oder WebP Format.')).toBeTruthy();
  });

  it('uploads several files, two at a time, each with its own caption, styles, progress and error', async () => {
    const uploads = fakeUploads();
    const uploaded: GalleryImage[] = [];
    const onOpenChange = vi.fn();
    const onFinished = vi.fn();
    await renderDialog({ onUploaded: (image) => uploaded.push(image), onOpenChange, onFinished });
    const input = screen.getByLabelText(/Choose images/) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [png('rose.png'), png('broken.png')] } });
    // A third one, dropped on the chooser.
    fireEvent.drop(screen.getByText('Add more images'), { dataTransfer: { files: [png('skull.png')] } });

    const rose = screen.getByRole('group', { name: 'Image 1: rose.png' });
    fireEvent.change(within(rose).getByLabelText(/Caption/), { target: { value: 'Rose on the arm' } });
    fireEvent.click(await within(rose).findByRole('checkbox', { name: 'Dotwork' }));
    expect(screen.getByRole('group', { name: 'Image 3: skull.png' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    // Two at a time: the third waits.
    await waitFor(() => expect(uploads.sent.map((s) => s.name)).toEqual(['rose.png', 'broken.png']));
    expect(within(screen.getByRole('group', { name: 'Image 3: skull.png' })).getByText('Waiting to upload…')).toBeTruthy();
    const roseProgress = await screen.findByRole('progressbar', { name: 'Upload progress of rose.png' });
    await waitFor(() => expect(roseProgress.getAttribute('value')).toBe('40'));
    expect(within(screen.getByRole('group', { name: 'Image 1: rose.png' })).getByText('Uploading… 40%')).toBeTruthy();

    await uploads.finish('broken.png', { status: 400, body: { error: 'The image could not be read.', code: 'imageInvalid' } });
    await waitFor(() => expect(uploads.sent.map((s) => s.name)).toEqual(['rose.png', 'broken.png', 'skull.png']));
    await uploads.finish('rose.png', { status: 201, body: { success: true, image: createGalleryImage({ id: 501, caption: 'Rose on the arm' }) } });
    await uploads.finish('skull.png', { status: 201, body: { success: true, image: createGalleryImage({ id: 502 }) } });

    expect(await screen.findByText('1 image could not be uploaded. Check it below and try again.')).toBeTruthy();
    const broken = screen.getByRole('group', { name: 'Image 2: broken.png' });
    expect(within(broken).getByText('The image could not be read.')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Image 1: rose.png' })).getByText('Uploaded')).toBeTruthy();
    expect(uploaded.map((i) => i.id)).toEqual([501, 502]);
    expect(uploads.sent[0]).toEqual({ name: 'rose.png', caption: 'Rose on the arm', styleIds: ['1'] });
    expect(uploads.maxInFlight()).toBe(2);
    expect(onOpenChange).not.toHaveBeenCalled();

    // Only the failed one goes again; then the dialog closes.
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await uploads.finish('broken.png', { status: 201, body: { success: true, image: createGalleryImage({ id: 503 }) } });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(uploads.sent.map((s) => s.name)).toEqual(['rose.png', 'broken.png', 'skull.png', 'broken.png']);
    expect(onFinished).toHaveBeenCalledWith(3);
  });
});
