import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { FormModel, type FileFieldValue } from '@lea/shared';
import { renderWithProviders } from '../test/render';
import { ServerForm } from './server-form';

const REQUIRED = 'Ce champ est obligatoire';

function single(fields: unknown[]) {
  return FormModel.parse({ tabs: [{ code: 'main', label: 'Principal', fields }] });
}

function input(id: string): HTMLInputElement {
  const element = document.getElementById(id);
  if (!(element instanceof HTMLInputElement)) throw new Error(`no input ${id}`);
  return element;
}

function save() {
  fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
}

describe('togglers', () => {
  const model = single([
    {
      id: 'kind',
      name: 'kind',
      label: 'Type',
      kind: 'radio',
      togglerTarget: 'kind-',
      value: 'company',
      choices: [
        { value: 'company', label: 'Entreprise' },
        { value: 'school', label: 'École' },
      ],
    },
    { id: 'siret', name: 'siret', label: 'Siret', kind: 'text', required: true, toggleClass: 'kind-company', value: '123' },
    { id: 'uai', name: 'uai', label: 'UAI', kind: 'text', toggleClass: 'kind-school', hide: true },
  ]);

  it('hides the other classes, clears their values and skips their validation', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<ServerForm model={model} onSubmit={onSubmit} />);
    expect(input('siret').value).toBe('123');
    expect(document.getElementById('uai')).toBeNull();

    fireEvent.click(screen.getByLabelText('École'));
    expect(document.getElementById('siret')).toBeNull();
    expect(input('uai')).toBeTruthy();

    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith([{ code: 'main', form: { kind: 'school', siret: '', uai: '' } }]));

    fireEvent.click(screen.getByLabelText('Entreprise'));
    expect(input('siret').value).toBe('');
  });
});

describe('date references', () => {
  it('raises the referencing date to the referenced one', () => {
    const model = single([
      { id: 'start', name: 'startDate', label: 'Début', kind: 'date', value: '2024-03-10' },
      {
        id: 'end',
        name: 'endDate',
        label: 'Fin',
        kind: 'date',
        value: '2024-03-01',
        attributes: { dateReference: { field: 'startDate', kind: 'day' } },
      },
    ]);
    renderWithProviders(<ServerForm model={model} onSubmit={vi.fn()} />);
    expect(input('start').value).toBe('10/03/2024');
    expect(input('end').value).toBe('10/03/2024');
    fireEvent.change(input('start'), { target: { value: '02/04/2024' } });
    expect(input('end').value).toBe('02/04/2024');
  });
});

describe('file upload', () => {
  const model = single([
    { id: 'cv', name: 'cv', label: 'CV', kind: 'file', required: true },
    { id: 'title', name: 'title', label: 'Titre', kind: 'text' },
  ]);

  function choose(file: File) {
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!picker) throw new Error('no file input');
    fireEvent.change(picker, { target: { files: [file] } });
  }

  it('blocks the submit while uploading, then sends the file id', async () => {
    let finish: (value: FileFieldValue) => void = () => {};
    const uploadFile = vi.fn(() => new Promise<FileFieldValue>((resolve) => (finish = resolve)));
    const onSubmit = vi.fn();
    renderWithProviders(<ServerForm model={model} onSubmit={onSubmit} uploadFile={uploadFile} />);

    choose(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(uploadFile).toHaveBeenCalledTimes(1);
    const button = screen.getByRole('button', { name: 'Enregistrer' });
    expect(button.hasAttribute('disabled')).toBe(true);
    const form = button.closest('form');
    if (!form) throw new Error('no form');
    fireEvent.submit(form);
    expect(onSubmit).not.toHaveBeenCalled();

    await act(async () => finish({ id: 7, originalName: 'cv.pdf' }));
    expect(screen.getByText('cv.pdf')).toBeTruthy();
    save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith([{ code: 'main', form: { cv: { id: 7, originalName: 'cv.pdf' }, title: '' } }]),
    );
  });

  it('refuses a wrong extension or a too large file before uploading', () => {
    const uploadFile = vi.fn();
    renderWithProviders(<ServerForm model={model} onSubmit={vi.fn()} uploadFile={uploadFile} />);
    choose(new File(['MZ'], 'setup.exe'));
    expect(screen.getByText('Veuillez choisir un fichier de type pdf, doc, xls, xslx, csv, docx, jpeg, bmp, gif ou png')).toBeTruthy();
    const large = new File(['x'], 'big.pdf');
    Object.defineProperty(large, 'size', { value: 6 * 1024 * 1024 });
    choose(large);
    expect(screen.getByText('Veuillez choisir un fichier de moins de 5 Mo')).toBeTruthy();
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('asks for a file when required', () => {
    renderWithProviders(<ServerForm model={model} onSubmit={vi.fn()} uploadFile={vi.fn()} />);
    save();
    expect(screen.getByText(REQUIRED)).toBeTruthy();
  });
});

describe('remote select', () => {
  it('searches {ajaxUrl}/{search} from 2 characters on', async () => {
    const fetchChoices = vi.fn(async () => [{ value: '3', label: 'Marie Curie' }]);
    const model = single([
      { id: 'master', name: 'master', label: 'Maître', kind: 'remoteselect', attributes: { ajaxUrl: '/api/fr/app/user/search' } },
    ]);
    renderWithProviders(<ServerForm model={model} onSubmit={vi.fn()} fetchChoices={fetchChoices} />);
    // Mantine treats a change on an unfocused combobox as autofill, not typing.
    input('master').focus();
    fireEvent.change(input('master'), { target: { value: 'M' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchChoices).not.toHaveBeenCalled();
    fireEvent.change(input('master'), { target: { value: 'Ma' } });
    await waitFor(() => expect(fetchChoices).toHaveBeenCalledWith('/api/fr/app/user/search/Ma'));
    expect(await screen.findByText('Marie Curie')).toBeTruthy();
  });
});

describe('checkbox group and translatable fields', () => {
  it('asks for at least one checked box', async () => {
    const onSubmit = vi.fn();
    const model = single([
      {
        id: 'days',
        name: 'days',
        label: 'Jours',
        kind: 'checkboxgroup',
        required: true,
        choices: [
          { value: '1', label: 'Lundi' },
          { value: '2', label: 'Mardi' },
        ],
      },
    ]);
    renderWithProviders(<ServerForm model={model} onSubmit={onSubmit} />);
    save();
    expect(screen.getByText(REQUIRED)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Mardi'));
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith([{ code: 'main', form: { days: ['2'] } }]));
  });

  it('validates each language of a translatable field', async () => {
    const onSubmit = vi.fn();
    const model = single([
      { id: 'title', name: 'title', label: 'Titre', kind: 'translatable', required: true, attributes: { languages: ['fr', 'en'] } },
    ]);
    renderWithProviders(<ServerForm model={model} onSubmit={onSubmit} />);
    fireEvent.change(input('title_fr'), { target: { value: 'Bonjour' } });
    save();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(1);
    expect(document.getElementById('title_en')?.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input('title_en'), { target: { value: 'Hello' } });
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith([{ code: 'main', form: { title: { fr: 'Bonjour', en: 'Hello' } } }]));
  });
});

describe('rich text', () => {
  it('edits an editor field in the rich-text editor of its type, and shows a disabled one as read-only text', async () => {
    const model = single([
      { id: 'intro', name: 'intro', label: 'Présentation', kind: 'editor', value: '<p>Bonjour</p>', attributes: { editorType: 'simple' } },
      { id: 'legal', name: 'legal', label: 'Mentions', kind: 'editor', value: '<p>Texte <strong>figé</strong></p>', disabled: true },
    ]);
    renderWithProviders(<ServerForm model={model} onSubmit={vi.fn()} />);
    const intro = await screen.findByRole('textbox', { name: 'Présentation' });
    expect(intro.getAttribute('contenteditable')).toBe('true');
    expect(intro.style.minHeight).toBe('150px');
    expect(intro.textContent).toBe('Bonjour');
    const legal = screen.getByRole('group', { name: 'Mentions' });
    expect(legal.querySelector('strong')?.textContent).toBe('figé');
    expect(legal.querySelector('input, textarea, [contenteditable]')).toBeNull();
  });
});
