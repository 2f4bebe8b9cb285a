import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isEmpty, MESSAGES } from '@lea/shared';
import { translateMessage } from './messages';

type Values = Record<string, string>;
export type FieldErrors<V extends Values> = Partial<Record<keyof V & string, string>>;

type Options<S extends z.ZodType, V extends Values, R> = {
  /** The request's shared schema: the fields it requires and their bounds, and the parsed body sent. */
  schema: S;
  initialValues: V;
  /** Rules beyond the schema (password strength, equal confirmation): a shared rule's message by field, or null. */
  rules?: (values: V) => Partial<Record<keyof V & string, string | null>>;
  /**
   * 'change': a field is checked as it is typed in. 'blur': it is checked when left (not while
   * empty), and an error shown then follows the input. After a first submit every field follows.
   */
  validateOn?: 'change' | 'blur';
  /** What the schema's parse of the values becomes (an extra field, the body the call sends). */
  submit: (parsed: z.output<S>, values: V) => Promise<R>;
  onSuccess?: (result: R) => void | Promise<void>;
  onError?: (error: unknown) => void;
};

/**
 * The one idiom of the web's own forms (sign-in, password, username): values and their errors
 * checked with the shared zod schema and rules, messages in the reader's language, and the busy
 * state of the submit from TanStack Query's mutation. Server-built forms use `useServerForm`.
 */
export function useZodForm<S extends z.ZodType, V extends Values, R>({
  schema,
  initialValues,
  rules,
  validateOn = 'change',
  submit,
  onSuccess,
  onError,
}: Options<S, V, R>) {
  const { i18n } = useTranslation();
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [submitted, setSubmitted] = useState(false);
  const mutation = useMutation({
    mutationFn: (parsed: z.output<S>) => submit(parsed, values),
    onSuccess,
    onError,
  });

  const validate = (next: V): FieldErrors<V> => {
    const found: FieldErrors<V> = {};
    const parsed = schema.safeParse(next);
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = String(issue.path[0]) as keyof V & string;
      found[field] ??= isEmpty(next[field] ?? '') ? MESSAGES.required : issue.message;
    }
    for (const [field, message] of Object.entries(rules?.(next) ?? {})) {
      if (message) found[field as keyof V & string] = message;
    }
    const shown: FieldErrors<V> = {};
    for (const [field, message] of Object.entries(found))
      shown[field as keyof V & string] = translateMessage(message as string, i18n.language);
    return shown;
  };
  const recheck = (field: keyof V & string, next: V) => setErrors((current) => ({ ...current, [field]: validate(next)[field] }));

  const setValue = (field: keyof V & string, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validate(next));
    else if (validateOn === 'change' || errors[field]) recheck(field, next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    mutation.mutate(schema.parse(values));
  };

  /** The props of a Mantine input bound to one field. */
  const field = (name: keyof V & string) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.currentTarget.value),
    onBlur: () => {
      if (validateOn === 'blur' && values[name] !== '') recheck(name, values);
    },
  });

  /** Back to the first values, with no error shown (a step of the form starts again). */
  const reset = () => {
    setValues(initialValues);
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, setErrors, setValue, field, onSubmit, reset, busy: mutation.isPending };
}
