import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmpty } from '@lea/shared/validation';
import { messagesFor } from '@lea/shared/messages';

/** A field of the sign-in forms: required, at most `max` characters (the bounds of the shared LoginRequest). */
export type SignInFields = Record<string, { max: number }>;

/**
 * The sign-in forms' values, checks and busy state, without zod (the first page loads none, decision 034): each field is
 * checked as it is typed in and all of them on submit, with the shared rules' messages (spec 1 §5.4), as `useZodForm` does.
 */
export function useSignInForm<F extends SignInFields>(fields: F, submit: (values: Record<keyof F & string, string>) => Promise<void>) {
  type Name = keyof F & string;
  type Values = Record<Name, string>;
  const { i18n } = useTranslation();
  const names = Object.keys(fields) as Name[];
  const empty = Object.fromEntries(names.map((name) => [name, ''])) as Values;
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [busy, setBusy] = useState(false);

  const check = (name: Name, value: string): string | undefined => {
    const messages = messagesFor(i18n.language?.startsWith('en') ? 'en' : 'fr');
    if (isEmpty(value)) return messages.required;
    const { max } = fields[name] as { max: number };
    return value.length > max ? messages.tooLong({ max }) : undefined;
  };

  const field = (name: Name) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: check(name, value) }));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = Object.fromEntries(names.map((name) => [name, check(name, values[name])])) as Partial<Record<Name, string>>;
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    void submit(values).finally(() => setBusy(false));
  };

  const reset = () => {
    setValues(empty);
    setErrors({});
  };

  return { values, field, onSubmit, reset, busy };
}
