import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AVATAR_COLORS, FILE_DEFAULT_MAX_BYTES, MESSAGES, fileSizeMessage, type User } from '@lea/shared';
import { renderWithProviders } from '../../../test/render';
import { getTokens, saveTokens } from '../../../shell/session';
import { ProfileCard } from './profile-card';
import { checkPhoto } from './profile-photo';

const user: User = {
  id: 7,
  firstName: 'Léa',
  lastName: 'Martin',
  fullName: 'Léa Martin',
  username: 'apprenti',
  email: 'lea.martin@example.com',
  photo: null,
  roles: ['ROLE_LEA_USER'],
  type: 'apprentice',
  userNewMessage: 0,
  personalAddress: { address: null, complement: null, postCode: null, city: 'Lyon', phone: null, mobile: null },
  parentFirstName: null,
  parentLastName: null,
};

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderCard(editable = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <ProfileCard user={user} editable={editable} />
    </QueryClientProvider>,
  );
}

/** An input by its whole label, a required field's asterisk aside. */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`)) as HTMLInputElement;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  saveTokens({ token: 'old-token', refreshToken: 'old-refresh' }, false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('ProfileCard', () => {
  it('shows the user read-only, with the initials avatar on the apprentice colour', () => {
    renderCard();
    expect(screen.getByRole('heading', { name: 'Léa Martin' })).toBeTruthy();
    expect(screen.getByTestId('profile-username').textContent).toBe('apprenti');
    expect(screen.getByText('lea.martin@example.com')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    const avatar = screen.getByTestId('profile-avatar');
    expect(avatar.textContent).toBe('LM');
    expect(avatar.getAttribute('style')).toContain(AVATAR_COLORS.apprentice);
  });

  it("offers the pen and the photo button only on the signed-in user's own profile", () => {
    renderCard(false);
    expect(screen.queryByRole('button', { name: 'Modifier mon profil' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Changer la photo' })).toBeNull();
  });

  it('restores the previous values on cancel', () => {
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier mon profil' }));
    fireEvent.change(field('Ville'), { target: { value: 'Paris' } });
    expect(field('Ville').value).toBe('Paris');
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Lyon')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier mon profil' }));
    expect(field('Ville').value).toBe('Lyon');
  });

  it('shows the shared messages and makes no call when the form is invalid', async () => {
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier mon profil' }));
    fireEvent.change(field('Adresse e-mail'), { target: { value: 'lea@' } });
    fireEvent.change(field('Prénom'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MESSAGES.email)).toBeTruthy();
    expect(screen.getByText(MESSAGES.required)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts a server field error on its field', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(400, { code: 400, message: 'Validation failed', errors: [{ field: 'personalAddress.phone', message: 'Numéro refusé' }] }),
    );
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier mon profil' }));
    fireEvent.change(field('Téléphone'), { target: { value: '0472000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Numéro refusé')).toBeTruthy();
    expect(field('Téléphone').getAttribute('aria-invalid')).toBe('true');
    expect(field('Ville').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('saves the flat fields, replaces the tokens and returns to view mode', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { token: 'new-token', refreshToken: 'new-refresh' }));
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier mon profil' }));
    fireEvent.change(field('Téléphone portable'), { target: { value: '06 12 34 56 78' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Les modifications ont bien été enregistrées')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toMatch(/^\/api\/(fr|en)\/app\/user\/put\/7$/);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      firstName: 'Léa',
      email: 'lea.martin@example.com',
      personalAddress: { city: 'Lyon', mobile: '06 12 34 56 78', phone: null },
    });
    expect(getTokens()).toEqual({ token: 'new-token', refreshToken: 'new-refresh' });
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(JSON.parse(String(init?.body)).currentPassword).toBeUndefined();
    expect(screen.queryByTestId('email-pending')).toBeNull();
  });

  it('asks for the current password once the e-mail is changed, and says where the confirmation link went', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { token: 'new-token', refreshToken: 'new-refresh', pendingEmail: 'lea@new.example.org' }));
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier mon profil' }));
    expect(screen.queryByLabelText(/Mot de passe actuel/)).toBeNull();
    fireEvent.change(field('Adresse e-mail'), { target: { value: 'lea@new.example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce champ est obligatoire')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(field('Mot de passe actuel'), { target: { value: 'Demo-Lea-2026!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const notice = await screen.findByTestId('email-pending');
    expect(notice.textContent).toContain('lea@new.example.org');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({
      email: 'lea@new.example.org',
      currentPassword: 'Demo-Lea-2026!',
    });
  });

  it('puts a refused current password on its field', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(400, {
        code: 400,
        message: MESSAGES.currentPasswordWrong,
        errors: [{ field: 'currentPassword', message: MESSAGES.currentPasswordWrong }],
      }),
    );
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier mon profil' }));
    fireEvent.change(field('Adresse e-mail'), { target: { value: 'lea@new.example.org' } });
    fireEvent.change(field('Mot de passe actuel'), { target: { value: 'Not-The-Password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le mot de passe actuel est erroné')).toBeTruthy();
    // Still in edit mode, the typed values kept.
    expect(field('Adresse e-mail').value).toBe('lea@new.example.org');
  });
});

describe('checkPhoto', () => {
  it('accepts the image types up to 5 MB and gives the shared messages otherwise', () => {
    expect(checkPhoto({ name: 'me.JPG', size: 1000 })).toBeNull();
    expect(checkPhoto({ name: 'me.pdf', size: 1000 })).toBe(MESSAGES.fileFormat);
    expect(checkPhoto({ name: 'me.png', size: FILE_DEFAULT_MAX_BYTES + 1 })).toBe(fileSizeMessage(FILE_DEFAULT_MAX_BYTES));
  });
});
