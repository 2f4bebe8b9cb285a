import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { FormModel } from '@lea/shared';
import { renderWithProviders } from '../test/render';
import { ServerForm } from './server-form';

const REQUIRED = 'Ce champ est obligatoire';

// The notifications store outlives a render: empty it so each test sees only its own.
afterEach(() => notifications.clean());

const identityTab = {
  code: 'identity',
  label: 'Identité',
  fields: [
    { id: 'u_lastName', name: 'lastName', label: 'Nom', kind: 'text', required: true },
    { id: 'u_nickname', name: 'nickname', label: 'Surnom', kind: 'text' },
  ],
};
const contactTab = {
  code: 'contact',
  label: 'Contact',
  fields: [{ id: 'u_email', name: 'email', label: 'Email', kind: 'email', required: true }],
};
const model = FormModel.parse({ tabs: [identityTab, contactTab] });

function labelOf(id: string): HTMLLabelElement {
  const label = document.querySelector<HTMLLabelElement>(`label[for="${id}"]`);
  if (!label) throw new Error(`no label for ${id}`);
  return label;
}

function input(id: string): HTMLInputElement {
  const element = document.getElementById(id);
  if (!(element instanceof HTMLInputElement)) throw new Error(`no input ${id}`);
  return element;
}

describe('ServerForm fields', () => {
  it('marks required fields with an asterisk and optional ones without', () => {
    renderWithProviders(<ServerForm model={model} onSubmit={vi.fn()} />);
    expect(labelOf('u_lastName').textContent).toContain('*');
    expect(labelOf('u_nickname').textContent).not.toContain('*');
  });

  it('shows the invalid styling after blur and the valid one after input', () => {
    renderWithProviders(<ServerForm model={model} onSubmit={vi.fn()} />);
    const block = document.getElementById('field-u_lastName');
    expect(block?.dataset.status).toBeUndefined();
    expect(screen.queryByText(REQUIRED)).toBeNull();
    fireEvent.blur(input('u_lastName'));
    expect(screen.getByText(REQUIRED)).toBeTruthy();
    expect(block?.dataset.status).toBe('invalid');
    expect(input('u_lastName').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input('u_lastName'), { target: { value: 'Dupont' } });
    expect(screen.queryByText(REQUIRED)).toBeNull();
    expect(block?.dataset.status).toBe('valid');
    expect(input('u_lastName').hasAttribute('data-success')).toBe(true);
  });

  it('shows the shared messages in English when the language is en', () => {
    renderWithProviders(<ServerForm model={model} onSubmit={vi.fn()} />, { language: 'en' });
    fireEvent.blur(input('u_lastName'));
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});

describe('ServerForm submit (tabs)', () => {
  it('sends one {code, form} entry per tab, keyed by field name', async () => {
    const onSubmit = vi.fn();
    const filled = FormModel.parse({
      tabs: [
        { ...identityTab, fields: identityTab.fields.map((field) => ({ ...field, value: field.name === 'lastName' ? 'Dupont' : '' })) },
        { ...contactTab, fields: [{ ...contactTab.fields[0], value: 'jean@example.fr' }] },
      ],
    });
    renderWithProviders(<ServerForm model={filled} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith([
      { code: 'identity', form: { lastName: 'Dupont', nickname: '' } },
      { code: 'contact', form: { email: 'jean@example.fr' } },
    ]);
  });

  it('blocks the submit, opens the tab of the first invalid field and scrolls to it', async () => {
    const onSubmit = vi.fn();
    const scroll = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    const partly = FormModel.parse({ tabs: [{ ...identityTab, fields: [{ ...identityTab.fields[0], value: 'Dupont' }] }, contactTab] });
    renderWithProviders(<ServerForm model={partly} onSubmit={onSubmit} />);
    expect(screen.getByRole('tab', { name: 'Identité' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Contact' }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByText(REQUIRED)).toBeTruthy();
    await waitFor(() => expect(scroll.mock.contexts).toContain(document.getElementById('field-u_email')));
    expect(onSubmit).not.toHaveBeenCalled();
    scroll.mockRestore();
  });

  it('puts server errors on their field, opens the first tab in error and shows signed_error', async () => {
    const { rerender } = renderWithProviders(<ServerForm model={model} onSubmit={vi.fn()} />);
    rerender(<ServerForm model={model} onSubmit={vi.fn()} serverErrors={[{ field: 'email', message: 'Adresse déjà utilisée' }]} />);
    expect(await screen.findByText('Le formulaire contient des erreurs')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Contact' }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByText('Adresse déjà utilisée')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Contact' }).dataset.error).toBe('true');
    fireEvent.change(input('u_email'), { target: { value: 'jean@example.fr' } });
    expect(screen.queryByText('Adresse déjà utilisée')).toBeNull();
  });

  it('shows the signed_error wording in English too', async () => {
    renderWithProviders(<ServerForm model={model} onSubmit={vi.fn()} serverErrors={[{ field: 'email', message: 'Taken' }]} />, {
      language: 'en',
    });
    expect(await screen.findByText('The form contains errors')).toBeTruthy();
  });
});

describe('ServerForm wizard', () => {
  it('blocks Next until the step is valid, goes back, and submits from the last step', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<ServerForm model={model} mode="wizard" onSubmit={onSubmit} />);
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText(REQUIRED)).toBeTruthy();
    expect(document.getElementById('u_email')).toBeNull();

    fireEvent.change(input('u_lastName'), { target: { value: 'Dupont' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(input('u_email')).toBeTruthy();
    expect(document.getElementById('u_lastName')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(input('u_lastName').value).toBe('Dupont');
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(REQUIRED)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(input('u_email'), { target: { value: 'jean@example.fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith([
        { code: 'identity', form: { lastName: 'Dupont', nickname: '' } },
        { code: 'contact', form: { email: 'jean@example.fr' } },
      ]),
    );
  });

  it('lists server errors that name no field', () => {
    renderWithProviders(<ServerForm model={model} onSubmit={vi.fn()} serverErrors={[{ field: 'global', message: 'Quota atteint' }]} />);
    expect(screen.getByText('Autres erreurs').closest('[role="alert"]')?.textContent).toContain('Quota atteint');
  });
});
