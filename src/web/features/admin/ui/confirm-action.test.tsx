import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { ConfirmAction, type ConfirmActionProps } from './confirm-action';

/** The dialog behind a button that opens it, as a screen uses it. */
function Harness(props: Omit<ConfirmActionProps, 'open' | 'onClose'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <ConfirmAction {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

const open = async (props: Omit<ConfirmActionProps, 'open' | 'onClose'>, path = '/admin') => {
  await renderWithApp(<Harness {...props} />, { path, namespaces: ['admin'] });
  fireEvent.click(screen.getByRole('button', { name: 'open' }));
  return screen.findByRole('dialog');
};

describe('ConfirmAction', () => {
  it('names target and consequence and keeps confirm disabled until a reason is typed', async () => {
    const onConfirm = vi.fn(async () => undefined);
    const dialog = await open({ title: 'Suspend Lena Ink?', consequence: 'Her sessions end and her profile leaves the public pages.', confirmLabel: 'Suspend', reason: { required: true }, onConfirm });
    expect(dialog.textContent).toContain('Suspend Lena Ink?');
    expect(dialog.textContent).toContain('Her sessions end and her profile leaves the public pages.');
    const confirm = screen.getByRole('button', { name: 'Suspend' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '   ' } });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: ' Spam in messages ' } });
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ reason: 'Spam in messages' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for the username typed exactly before a deletion', async () => {
    const onConfirm = vi.fn(async () => undefined);
    await open({ title: 'Delete Lena Ink?', consequence: 'Everything of the account is deleted.', confirmLabel: 'Delete', typeToConfirm: 'Lena Ink', reason: { required: false }, onConfirm });
    const confirm = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    const name = screen.getByLabelText('Type Lena Ink to confirm');
    fireEvent.change(name, { target: { value: 'lena ink' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Lena Ink' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ reason: '' }));
  });

  it('changes nothing when cancelled', async () => {
    const onConfirm = vi.fn(async () => undefined);
    await open({ title: 'Hide this image?', consequence: 'It leaves the gallery.', confirmLabel: 'Hide', reason: { required: true }, onConfirm });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Stolen work' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('stays open with the error when the action fails, in German', async () => {
    const onConfirm = vi.fn(async () => {
      throw new Error('Dieses Bild gibt es nicht mehr.');
    });
    await open({ title: 'Bild ausblenden?', consequence: 'Es verschwindet aus der Galerie.', confirmLabel: 'Ausblenden', reason: { required: true }, onConfirm }, '/de/admin');
    fireEvent.change(screen.getByLabelText('Grund'), { target: { value: 'Fremdes Werk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ausblenden' }));
    expect(await screen.findByText('Dieses Bild gibt es nicht mehr.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeTruthy();
  });
});
