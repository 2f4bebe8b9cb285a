import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { FormModel, ImportReport } from '@lea/shared';
import { renderWithProviders } from '../../test/render';
import { ImportReportView } from '../components/import-report';
import { renderArea, stubApi } from '../test/render-area';
import { areaEntities, entity } from '../test/entities';
import EntityRoutePage from './entity-route-page';

/** A form whose file is already chosen: the upload itself is the renderer's, tested there. */
const importForm: FormModel = {
  tabs: [
    {
      code: 'import',
      label: 'Import',
      fields: [
        {
          id: 'i_file',
          name: 'file',
          label: 'Fichier',
          kind: 'file',
          value: { id: 5, originalName: 'trinomes.xlsx' },
          required: true,
          disabled: false,
          hide: false,
          attributes: {},
        },
      ],
    },
  ],
};

function renderImport(report: ImportReport, path = '/lea-manager/1/triad/triad/import') {
  const calls = stubApi(({ method, path: called }) => {
    if (method === 'GET' && called === '/app/lea-manager/1/generic/entities') return areaEntities;
    if (method === 'GET' && called === '/app/lea-manager/1/triad/import-form') return importForm;
    if (method === 'POST' && called === '/app/lea-manager/1/triad/import-post') return report;
    if (method === 'GET' && (called.endsWith('/triad/import-model') || called.endsWith('/triad/export')))
      return { filename: 'modele.xlsx', data: 'UEsDBA==', type: 'application/vnd.ms-excel' };
    return undefined;
  });
  renderArea([{ path: '*', element: <EntityRoutePage /> }], path);
  return calls;
}

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('EntityRoutePage: the import and update screens of an importable entity', { timeout: 20_000 }, () => {
  it('lists every rejected line under the import-errors heading', async () => {
    const calls = renderImport({
      hasError: true,
      created: 0,
      updated: 0,
      errors: [
        { line: 3, column: 'C', message: 'Adresse e-mail invalide' },
        { line: 5, column: 'A', message: 'Groupe : Ce champ est obligatoire' },
      ],
      validationErrors: [],
    });
    expect(await screen.findByText(/Nouveau modèle depuis le 18\/09\/2023/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Importer' }));
    const report = await screen.findByTestId('import-errors');
    expect(within(report).getByText("Erreurs d'import")).toBeTruthy();
    const items = within(report)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Erreur ligne 3 colonne C : Adresse e-mail invalide',
      'Erreur ligne 5 colonne A : Groupe : Ce champ est obligatoire',
    ]);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      form: [{ code: 'import', form: { file: { id: 5, originalName: 'trinomes.xlsx' } } }],
      trainingCourse: { id: 1 },
      update: false,
    });
  });

  it('sums up an applied update and offers the current data instead of the template', async () => {
    const calls = renderImport(
      { hasError: false, created: 2, updated: 3, errors: [], validationErrors: [] },
      '/lea-manager/1/triad/triad/update',
    );
    expect(await screen.findByRole('heading', { name: 'Mettre à jour les trinômes', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Télécharger le fichier modèle' })).toBeNull();
    // jsdom has no object URLs: the download only needs one to click.
    const createObjectURL = vi.fn(() => 'blob:x');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    fireEvent.click(screen.getByRole('button', { name: 'Exporter les données actuelles' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mettre à jour' }));
    const summary = await screen.findByTestId('import-success');
    expect(within(summary).getByText('2 trinômes créés')).toBeTruthy();
    expect(within(summary).getByText('3 trinômes mis à jour')).toBeTruthy();
    expect(within(summary).getByText('Merci, les trinômes de la formation sont à jour.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ update: true });
    expect(calls.some((call) => call.path === '/app/lea-manager/1/triad/export')).toBe(true);
    expect(createObjectURL).toHaveBeenCalled();
  });
});

describe('ImportReportView in English', { timeout: 20_000 }, () => {
  it("words the lines and the shared rules' reasons in English", () => {
    renderWithProviders(
      <ImportReportView
        report={{
          hasError: true,
          created: 0,
          updated: 0,
          errors: [{ line: 4, column: 'B', message: 'apprentice last name : Ce champ est obligatoire' }],
          validationErrors: [],
        }}
        texts={entity('triad').importTexts!}
      />,
      { language: 'en' },
    );
    expect(screen.getByText('Import errors')).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toBe('Error line 4 column B : apprentice last name : This field is required');
  });

  it('counts in the plural forms of the language (French 0 and 1 are singular)', () => {
    renderWithProviders(
      <ImportReportView
        report={{ hasError: false, created: 0, updated: 1, errors: [], validationErrors: [] }}
        texts={entity('triad').importTexts!}
      />,
    );
    expect(screen.getByText('0 trinôme créé')).toBeTruthy();
    expect(screen.getByText('1 trinôme mis à jour')).toBeTruthy();
  });
});
