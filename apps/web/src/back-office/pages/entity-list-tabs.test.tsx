import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { readSetQuery, type EntityDescription, type FormModel } from '@lea/shared';
import { DATA_AGREEMENT } from '../test/entities';
import { renderArea, stubApi } from '../test/render-area';
import EntityRoutePage from './entity-route-page';

const can = {
  list: true,
  add: true,
  edit: true,
  remove: true,
  sort: false,
  move: false,
  copy: false,
  import: false,
  export: false,
  singleton: false,
};

const DOCUMENT: EntityDescription = {
  alias: 'document',
  parent: null,
  screen: { path: 'document', back: null },
  titles: { list: 'Documents', add: 'Ajouter un document', edit: 'Modifier le document', back: 'Retour', import: null, update: null },
  importTexts: null,
  can,
  bulkRemove: null,
  tabs: {
    key: 'pedagogic',
    initial: 'false',
    options: [
      { value: 'false', label: 'Général' },
      { value: 'true', label: 'Pédagogique' },
    ],
  },
};

const HELP_DOCUMENT: EntityDescription = {
  ...DOCUMENT,
  alias: 'help-document',
  screen: { path: 'help-document/settings', back: null },
  titles: { ...DOCUMENT.titles, list: "Documents d'aide", add: 'Ajouter un document d’aide' },
  tabs: null,
  settings: { alias: 'design', part: 'help' },
};
const DESIGN: EntityDescription = { ...DATA_AGREEMENT, alias: 'design', screen: { path: 'design', back: null } };

const columns = [
  { key: 'id', label: 'Id', filterable: false, sortable: false, format: 'text', hidden: true },
  { key: 'title', label: 'Titre', filterable: true, sortable: true, format: 'text', hidden: false },
];
const ROWS = [
  { id: 1, title: 'Règlement intérieur', pedagogic: false },
  { id: 2, title: 'Référentiel du diplôme', pedagogic: true },
];

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('EntityRoutePage: tabs by a field and settings above a list', { timeout: 20_000 }, () => {
  it('lists the initial tab, asks the chosen one, and the add of a tab presets its field and returns to it', async () => {
    const asked: (string | null)[] = [];
    stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/app/lea-manager/1/generic/entities') return { area: 'manager', entities: [DOCUMENT] };
      return undefined;
    });
    const fetchStub = vi.mocked(fetch);
    const original = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/document/list')) {
        const filter = url.searchParams.get('filter');
        asked.push(filter);
        const data = ROWS.filter((row) => `pedagogic:${String(row.pedagogic)}` === filter);
        return new Response(JSON.stringify({ columns, data, count: data.length }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return original(input, init);
    });
    const { router } = renderArea([{ path: '*', element: <EntityRoutePage /> }], '/lea-manager/1/document');

    const table = await screen.findByRole('table', { name: 'Documents' });
    expect((screen.getByRole('tab', { name: 'Général' }) as HTMLElement).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(within(table).getByText('Règlement intérieur')).toBeTruthy());
    expect(asked.at(-1)).toBe('pedagogic:false');

    fireEvent.click(screen.getByRole('tab', { name: 'Pédagogique' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Documents' })).getByText('Référentiel du diplôme')).toBeTruthy());
    expect(asked.at(-1)).toBe('pedagogic:true');
    expect(router.state.location.search).toBe('?tab=true');

    const add = new URL(screen.getByRole('link', { name: 'Ajouter un document' }).getAttribute('href')!, 'http://localhost');
    expect(add.pathname).toBe('/lea-manager/1/document/add');
    expect(readSetQuery(add.searchParams.get('set'))).toEqual({ pedagogic: 'true' });
    expect(add.searchParams.get('backPath')).toBe('/lea-manager/1/document?tab=true');
    const edit = new URL(
      screen.getByRole('link', { name: 'Modifier « Référentiel du diplôme »' }).getAttribute('href')!,
      'http://localhost',
    );
    expect(edit.searchParams.get('backPath')).toBe('/lea-manager/1/document?tab=true');
    expect(edit.searchParams.get('set')).toBeNull();
  });

  it("shows the singleton's part above the list and saves it at PUT /app/admin/generic/{alias}/unique-post", async () => {
    const help: FormModel = {
      tabs: [
        {
          code: 'help',
          label: 'Aide',
          fields: [
            {
              id: 'design_helpContactEmail',
              name: 'helpContactEmail',
              label: "E-mail de l'assistance",
              kind: 'email',
              value: 'aide@example.com',
              required: false,
              disabled: false,
              hide: false,
              attributes: {},
            },
          ],
        },
      ],
    };
    const calls = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/app/admin/generic/entities') return { area: 'admin', entities: [HELP_DOCUMENT, DESIGN] };
      if (method === 'GET' && path === '/app/admin/help-document/list') return { columns, data: [], count: 0 };
      if (method === 'GET' && path === '/app/admin/design/unique-form') return help;
      if (method === 'PUT' && path === '/app/admin/generic/design/unique-post')
        return { hasError: false, message: 'Le design a été enregistré', responses: [{ object: { id: 1 } }] };
      return undefined;
    });
    renderArea([{ path: '*', element: <EntityRoutePage /> }], '/admin/help-document/settings', [], { kind: 'admin' });

    expect(await screen.findByRole('heading', { name: "Documents d'aide", level: 1 })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText("E-mail de l'assistance"), { target: { value: 'assistance@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le design a été enregistré')).toBeTruthy();
    const formCall = calls.find((call) => call.path === '/app/admin/design/unique-form');
    expect(formCall).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/app/admin/generic/design/unique-post',
        body: [{ code: 'help', form: { helpContactEmail: 'assistance@example.com' } }],
      },
    ]);
    // No tabs on this list.
    expect(screen.queryByRole('tab', { name: 'Général' })).toBeNull();
  });
});
