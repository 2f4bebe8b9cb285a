import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { notifications } from '@mantine/notifications';
import type { FormModel, Note } from '@lea/shared';
import { renderWithProviders } from '../../../test/render';
import NotepadPage from './notepad-page';

vi.mock('../../../shell/current-user', () => ({ useCurrentUser: () => ({ data: { id: 1 } }) }));
vi.mock('../../../shell/current-triad', () => ({ useCurrentTriadId: () => 9 }));

type Call = { method: string; path: string; body: unknown };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const note = (id: number, userId: number, pinned: boolean, text = 'Un texte court'): Note => ({
  id,
  title: `Note ${id}`,
  text,
  date: '2026-03-02T10:15:00.000Z',
  updatedAt: '2026-03-02T10:15:00.000Z',
  pinned,
  profile: userId === 1 ? 1 : 2,
  user: { id: userId, fullName: userId === 1 ? 'Lucas Martin' : 'Julien Bernard' },
  triad: { id: 9 },
});

const form: FormModel = {
  tabs: [
    {
      code: 'note',
      label: 'Note',
      fields: [
        {
          id: 'note_title',
          name: 'title',
          label: 'Titre',
          value: '',
          required: true,
          disabled: false,
          hide: false,
          attributes: {},
          kind: 'text',
        },
        {
          id: 'note_text',
          name: 'text',
          label: 'Texte',
          value: '',
          required: true,
          disabled: false,
          hide: false,
          attributes: {},
          kind: 'textarea',
        },
      ],
    },
  ],
};

function renderPage(notes: Note[], canAdd = true, title: string | null = null) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url.pathname.includes('/notepad/list/')) return json(200, { notes, canAdd, title });
      if (url.pathname.includes('/notepad/form')) return json(200, form);
      if (url.pathname.includes('/notepad/pin/')) return json(200, { result: true, pinned: true });
      if (url.pathname.includes('/notepad/remove/'))
        return json(200, { success: true, hasError: false, detail: [{ message: 'ok' }], message: 'ok' });
      return json(200, { hasError: false, message: 'ok', id: 50 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NotepadPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('NotepadPage', () => {
  it('shows pinned notes first, excerpts long unpinned notes and limits edit and delete to the author', async () => {
    const long = 'x'.repeat(200);
    renderPage([note(1, 2, true), note(2, 1, false, long)]);
    const cards = await screen.findAllByTestId('note-card');
    expect(within(cards[0] as HTMLElement).getByText('Note 1')).toBeTruthy();
    expect(screen.getByText('Notes épinglées')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).queryByRole('button', { name: 'Modifier' })).toBeNull();
    expect(within(cards[1] as HTMLElement).getByRole('button', { name: 'Modifier' })).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText(`${'x'.repeat(115)}…`)).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('Tuteur pédagogique')).toBeTruthy();
  });

  it('adds a note through the server form and posts the note body', async () => {
    const calls = renderPage([]);
    expect(await screen.findByText('Aucune note pour le moment')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une note' }));
    fireEvent.change(await screen.findByLabelText(/Titre/), { target: { value: 'Réunion' } });
    fireEvent.change(screen.getByLabelText(/Texte/), { target: { value: 'Compte rendu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: expect.stringMatching(/\/app\/notepad\/add$/),
      body: { title: 'Réunion', text: 'Compte rendu', triad: { id: 9 } },
    });
    expect(await screen.findByText('La note a été enregistrée')).toBeTruthy();
  });

  it('pins for everyone and deletes only after confirmation', async () => {
    const calls = renderPage([note(3, 1, false)]);
    const card = await screen.findByTestId('note-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Épingler' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT' && call.path.endsWith('/notepad/pin/3'))).toBe(true));
    fireEvent.click(within(card).getByRole('button', { name: 'Supprimer' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/notepad/remove/3'))).toBe(true));
    expect(await screen.findByText('La note a été supprimée')).toBeTruthy();
  });

  it('hides the add button from administrators', async () => {
    renderPage([note(4, 2, false)], false);
    await screen.findByTestId('note-card');
    expect(screen.queryByRole('button', { name: 'Ajouter une note' })).toBeNull();
  });

  it("shows the course's notepad read-only when the caller's profile may not add, under the course's title", async () => {
    const calls = renderPage([note(5, 1, false)], false, 'Carnet de bord');
    const card = await screen.findByTestId('note-card');
    expect(screen.getByRole('heading', { level: 1, name: 'Carnet de bord' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ajouter une note' })).toBeNull();
    expect(screen.getByText('Votre profil lit ce bloc-notes sans pouvoir y ajouter de note.')).toBeTruthy();
    // The author still edits their note, and everyone pins.
    expect(within(card).getByRole('button', { name: 'Modifier' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Épingler' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT' && call.path.endsWith('/notepad/pin/5'))).toBe(true));
  });

  it('shows the default title and no read-only hint when the caller may add', async () => {
    renderPage([]);
    expect(await screen.findByRole('button', { name: 'Ajouter une note' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Bloc-notes' })).toBeTruthy();
    expect(screen.queryByText('Votre profil lit ce bloc-notes sans pouvoir y ajouter de note.')).toBeNull();
  });
});
