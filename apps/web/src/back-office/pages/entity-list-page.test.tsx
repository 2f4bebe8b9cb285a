import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { areaEntities } from '../test/entities';
import { renderArea, stubApi, type Call } from '../test/render-area';
import EntityRoutePage from './entity-route-page';

const columns = [
  { key: 'id', label: 'Id', filterable: false, sortable: false, format: 'text', hidden: true },
  { key: 'title', label: 'Titre', filterable: true, sortable: true, format: 'text', hidden: false },
  { key: 'questionnaireCount', label: 'Questionnaires', filterable: false, sortable: true, format: 'text', hidden: false },
];
const rows = Array.from({ length: 30 }, (_, index) => ({
  id: index + 1,
  title: `Catégorie ${index + 1}`,
  questionnaireCount: index % 3,
  canRemove: index % 3 === 0,
  removeReason: 'Utilisée par des questionnaires',
  // A row the caller may not edit (a shared document of another uploader): no edit link.
  ...(index === 1 ? { canEdit: false } : {}),
}));

/** The area's entities; the list itself is answered by the test, by its query. */
function stubList(): Call[] {
  return stubApi(({ method, path }) => {
    if (method === 'GET' && path === '/app/lea-manager/1/generic/entities') return areaEntities;
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('EntityRoutePage: the generic list', { timeout: 20_000 }, () => {
  it('pages by 5/10/25/50, sorts by a column, searches, and greys the rows the server says cannot go', async () => {
    const queries: URLSearchParams[] = [];
    stubList();
    const fetchStub = vi.mocked(fetch);
    const original = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/questionnaire-category/list')) {
        const query = url.searchParams;
        queries.push(query);
        const limit = Number(query.get('limit'));
        const offset = Number(query.get('offset'));
        return new Response(JSON.stringify({ columns, data: rows.slice(offset, offset + limit), count: rows.length }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return original(input, init);
    });
    renderArea([{ path: '*', element: <EntityRoutePage /> }], '/lea-manager/1/questionnaire/category');

    expect(await screen.findByRole('heading', { name: 'Catégories de questionnaires', level: 1 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Catégories de questionnaires' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(queries.at(-1)?.toString()).toBe('limit=10&offset=0');
    // Sortable by drag in the entity's own order: a handle per row.
    expect(within(table).getAllByRole('button', { name: "Glisser pour changer l'ordre" })).toHaveLength(10);
    // A row in use: its delete is disabled.
    expect((screen.getByRole('button', { name: 'Supprimer « Catégorie 2 »' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Supprimer « Catégorie 1 »' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('link', { name: 'Modifier « Catégorie 2 »' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Modifier « Catégorie 1 »' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(queries.at(-1)?.get('offset')).toBe('20'));

    fireEvent.click(screen.getAllByLabelText('Lignes par page')[0]!);
    expect((await screen.findAllByRole('option', { hidden: true })).map((option) => option.textContent)).toEqual(['5', '10', '25', '50']);
    fireEvent.click(screen.getByRole('option', { name: '25', hidden: true }));
    await waitFor(() => expect(queries.at(-1)?.toString()).toBe('limit=25&offset=0'));

    fireEvent.click(within(table).getByRole('button', { name: 'Titre' }));
    await waitFor(() => expect(queries.at(-1)?.get('sortByField')).toBe('1'));
    expect(queries.at(-1)?.get('sortOrder')).toBe('ASC');
    // Sorted by another order: no drag.
    await waitFor(() => expect(screen.queryByRole('button', { name: "Glisser pour changer l'ordre" })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Titre' }));
    await waitFor(() => expect(queries.at(-1)?.get('sortOrder')).toBe('DESC'));

    fireEvent.change(screen.getByRole('textbox', { name: 'Rechercher' }), { target: { value: 'Cat' } });
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('Cat'));
    expect(queries.at(-1)?.get('offset')).toBe('0');
  });
});
