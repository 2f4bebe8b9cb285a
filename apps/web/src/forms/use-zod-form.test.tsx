import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { z } from 'zod';
import { createTestI18n } from '../test/render';
import { useZodForm } from './use-zod-form';

const Schema = z.object({ name: z.string().trim().min(1), code: z.string() });
const submitEvent = { preventDefault: () => undefined } as FormEvent;
const typed = (value: string) => ({ currentTarget: { value } }) as ChangeEvent<HTMLInputElement>;

function renderForm(
  options: { validateOn?: 'change' | 'blur'; submit?: (parsed: z.output<typeof Schema>) => Promise<unknown>; language?: 'fr' | 'en' } = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={createTestI18n(options.language ?? 'fr')}>
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
  return renderHook(
    () =>
      useZodForm({
        schema: Schema,
        initialValues: { name: '', code: '' },
        rules: (values) => ({ code: values.code === 'bad' ? 'Valeur incorrecte' : null }),
        validateOn: options.validateOn,
        submit: options.submit ?? (async () => undefined),
      }),
    { wrapper },
  );
}

describe('useZodForm', () => {
  it("checks a field on input with the shared schema, in the reader's language", () => {
    const { result } = renderForm({ language: 'en' });
    act(() => result.current.field('name').onChange(typed('a')));
    expect(result.current.errors.name).toBeUndefined();
    act(() => result.current.field('name').onChange(typed('  ')));
    expect(result.current.errors.name).toBe('This field is required');
  });

  it('on submit checks every field with the schema and the rules, and sends nothing while one fails', () => {
    const sent: unknown[] = [];
    const { result } = renderForm({ submit: async (parsed) => sent.push(parsed) });
    act(() => result.current.setValue('code', 'bad'));
    act(() => result.current.onSubmit(submitEvent));
    expect(result.current.errors).toEqual({ name: 'Ce champ est obligatoire', code: 'Valeur incorrecte' });
    // After a submit every field follows the input.
    act(() => result.current.setValue('code', 'ok'));
    expect(result.current.errors).toEqual({ name: 'Ce champ est obligatoire' });
    expect(sent).toHaveLength(0);
  });

  it('sends the parsed values and is busy until the call settles', async () => {
    let finish: () => void = () => undefined;
    const sent: unknown[] = [];
    const { result } = renderForm({
      submit: (parsed) => {
        sent.push(parsed);
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    act(() => result.current.setValue('name', '  Léa  '));
    act(() => result.current.onSubmit(submitEvent));
    await waitFor(() => expect(result.current.busy).toBe(true));
    expect(sent).toEqual([{ name: 'Léa', code: '' }]);
    act(() => finish());
    await waitFor(() => expect(result.current.busy).toBe(false));
  });

  it("in 'blur' mode shows an error when the field is left, and an error shown follows the input", () => {
    const { result } = renderForm({ validateOn: 'blur' });
    act(() => result.current.setValue('code', 'bad'));
    expect(result.current.errors.code).toBeUndefined();
    act(() => result.current.field('code').onBlur());
    expect(result.current.errors.code).toBe('Valeur incorrecte');
    act(() => result.current.setValue('code', 'good'));
    expect(result.current.errors.code).toBeUndefined();
  });
});
