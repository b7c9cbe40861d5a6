import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { UploadDialog } from './components/upload-dialog';

describe('gallery upload dialog', () => {
  it('enables upload only with a chosen image, refuses other types and shows the caption length', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse([{ id: 1, slug: 'dotwork', name: 'Dotwork' }])));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    await renderWithApp(<UploadDialog open onOpenChange={() => {}} onUploaded={() => {}} />, { namespaces: ['gallery'] });

    const submit = await screen.findByRole('button', { name: 'Upload' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('0/250 characters')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Caption/), { target: { value: 'Fresh piece' } });
    expect(screen.getByText('11/250 characters')).toBeTruthy();

    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Please choose an image in JPEG, PNG or WebP format.')).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(input, { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('img', { name: 'Preview of the chosen image' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(false);
    expect(await screen.findByRole('checkbox', { name: 'Dotwork' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Caption/), { target: { value: 'x'.repeat(251) } });
    expect(screen.getByText('The caption is too long (251/250 characters).')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the German type error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse([])));
    await renderWithApp(<UploadDialog open onOpenChange={() => {}} onUploaded={() => {}} />, { path: '/de/', namespaces: ['gallery'] });
    const input = (await screen.findByRole('dialog')).querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Bitte wähle ein Bild im JPEG, PNG oder WebP Format.')).toBeTruthy();
  });
});
