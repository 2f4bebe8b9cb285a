import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { DocumentItem, DocumentListResponse } from '@lea/shared';
import { selectTriad } from '../../../shell/current-triad';
import { renderWithProviders } from '../../../test/render';
import { documentBody } from '../api';
import DocumentPage from './document-page';

const item = (id: number, title: string, own: boolean): DocumentItem => ({
  id,
  title,
  type: 1,
  text: null,
  date: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
  category: { id: 1, code: 'general', title: null },
  rights: [1, 2, 3, 4],
  visibleHomeLea: false,
  notif: false,
  file: { id: 9, originalName: `${id}.pdf`, url: `/download-file/path-name-${id}.pdf/original-name-${id}.pdf` },
  uploader: { id: 1, fullName: 'Lucas Martin' },
  uploaderProfile: 1,
  shared: false,
  canEdit: own,
  canDelete: own,
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function renderPage(lists: Record<string, DocumentListResponse>, initial = '/dashboard/document') {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url.pathname);
      if (url.pathname.endsWith('/app/document/categories')) {
        return json({
          categories: [
            { id: 1, code: 'general', title: null },
            { id: 2, code: 'stage', title: 'Stage' },
          ],
        });
      }
      const code = /\/app\/document\/12\/([^/]+)\/list$/.exec(url.pathname)?.[1] ?? '';
      return json(lists[code] ?? { category: code, documents: [], canAdd: false });
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/dashboard/document', element: <DocumentPage /> },
      { path: '/dashboard/document/edit/doc/:id', element: <p>edit form</p> },
    ],
    { initialEntries: [initial] },
  );
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, calls };
}

beforeEach(() => {
  localStorage.clear();
  selectTriad(12, 4);
});
afterEach(() => vi.unstubAllGlobals());

describe('DocumentPage', () => {
  it('shows a tab per category plus the notes, the add actions, and edit and delete on the author’s items only', async () => {
    const { router } = renderPage({
      general: { category: 'general', canAdd: true, documents: [item(1, 'Le mien', true), item(2, 'Du tuteur', false)] },
    });
    const mine = (await screen.findByText('Le mien')).closest('[data-testid="document-item"]') as HTMLElement;
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Général', 'Stage', 'Notes']);
    expect(screen.getByRole('link', { name: 'Nouveau document' }).getAttribute('href')).toBe(
      '/dashboard/document/add/doc?category=general',
    );
    expect(screen.getByRole('link', { name: 'Nouvelle note' }).getAttribute('href')).toBe('/dashboard/document/add/note');
    expect(within(mine).getByRole('link', { name: 'Télécharger « Le mien »' }).getAttribute('href')).toBe(
      '/download-file/path-name-1.pdf/original-name-1.pdf',
    );
    const theirs = screen.getByText('Du tuteur').closest('[data-testid="document-item"]') as HTMLElement;
    expect(within(theirs).queryByRole('button')).toBeNull();

    fireEvent.click(within(mine).getByRole('button', { name: 'Supprimer « Le mien »' }));
    expect(await screen.findByText('Voulez-vous vraiment supprimer « Le mien » ?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    fireEvent.click(within(mine).getByRole('button', { name: 'Modifier « Le mien »' }));
    expect(await screen.findByText('edit form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/document/edit/doc/1');
  });

  it('opens the tab of the category query, says when it is empty, and leaves out the add actions for readers', async () => {
    const { calls } = renderPage({ stage: { category: 'stage', canAdd: false, documents: [] } }, '/dashboard/document?category=stage');
    expect(await screen.findByText('Aucun document')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Stage' }).getAttribute('aria-selected')).toBe('true');
    expect(calls.some((path) => path.endsWith('/app/document/12/stage/list'))).toBe(true);
    expect(screen.queryByRole('link', { name: 'Nouveau document' })).toBeNull();
  });

  it('turns the form payload into the post body', () => {
    const document = documentBody(
      [
        {
          code: 'document',
          form: {
            title: 'Rapport',
            documentFile: { id: 5, originalName: 'r.pdf' },
            category: '2',
            rights: ['1', '4'],
            visibleHomeLea: true,
            notif: false,
          },
        },
      ],
      { triadId: 12, id: null, kind: 'document' },
    );
    expect(document).toEqual({
      triad: 12,
      title: 'Rapport',
      type: 1,
      documentFile: 5,
      category: 2,
      rights: [1, 4],
      visibleHomeLea: true,
      notif: false,
    });
    const note = documentBody([{ code: 'note', form: { title: 'Idée', note: 'Texte' } }], { triadId: 12, id: 7, kind: 'note' });
    expect(note).toEqual({ triad: 12, title: 'Idée', id: 7, type: 2, note: 'Texte' });
  });
});
