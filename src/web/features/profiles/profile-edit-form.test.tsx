import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createProfile, createSessionUser, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { ProfileEditForm } from './components/edit/profile-edit-form';

describe('profile edit form', () => {
  it('shows every section with its texts (the form loads its own namespace, the profile page only the view texts)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse([])));
    const studio = createProfile({ userType: 'studio', can: { edit: true, delete: true } });
    await renderWithApp(<ProfileEditForm profile={studio} onSaved={() => {}} onImageChange={() => {}} onDone={() => {}} />, {
      path: '/de/Lena-Ink?edit=true',
      namespaces: ['profiles', 'profileEdit', 'gallery', 'errors'],
      session: { state: 'loggedIn', user: createSessionUser({ id: studio.id }) },
    });
    expect(screen.getByRole('heading', { name: 'Profil bearbeiten' })).toBeTruthy();
    expect(screen.getByLabelText(/^Name/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Studio-Einstellungen' })).toBeTruthy();
    // The profile's own texts, read by prefix.
    expect(screen.getByRole('group', { name: 'Sprachen' })).toBeTruthy();
  });
});
