import { useCallback, useMemo, useState } from 'react';
import type { FormModel, FormPayload, FormTab, ValidationError } from '@lea/shared';
import {
  buildPayload,
  computeVisibility,
  firstInError,
  initialValues,
  listFields,
  mapServerErrors,
  settleValues,
  withExclusive,
  validateValues,
  type FieldErrors,
  type FieldRef,
  type FieldValues,
  type Visibility,
} from './form-state';

interface State {
  model: FormModel;
  serverErrorsKey: string;
  values: FieldValues;
  /** Fields the user has left or typed in: only they show client errors (spec 1 §5.1). */
  touched: ReadonlySet<string>;
  /** Server errors, model errors and upload errors, until the field changes. */
  external: FieldErrors;
  unmatched: ValidationError[];
  /** First field the last server errors name, in display order. */
  firstServerError: FieldRef | undefined;
}

function modelErrors(model: FormModel): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field } of listFields(model)) if (field.error) errors[field.id] = field.error;
  return errors;
}

type ServerErrorPart = 'external' | 'unmatched' | 'serverErrorsKey' | 'firstServerError';

function withServerErrors(state: Omit<State, ServerErrorPart>, serverErrors: readonly ValidationError[]): State {
  const { byField, unmatched } = mapServerErrors(state.model, serverErrors);
  return {
    ...state,
    serverErrorsKey: JSON.stringify(serverErrors),
    external: { ...modelErrors(state.model), ...byField },
    unmatched,
    firstServerError: firstInError(state.model, byField),
  };
}

function createState(model: FormModel, serverErrors: readonly ValidationError[]): State {
  return withServerErrors({ model, values: initialValues(model), touched: new Set() }, serverErrors);
}

function withoutKey(errors: FieldErrors, key: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([id]) => id !== key));
}

const NO_ERRORS: readonly ValidationError[] = [];

export interface ServerFormController {
  model: FormModel;
  values: FieldValues;
  visibility: Visibility;
  /** Client errors of every shown field, shown or not yet. */
  errors: FieldErrors;
  /** Server errors that name no field of the model. */
  unmatchedErrors: ValidationError[];
  /** Changes whenever new server errors arrive ('[]' when there are none). */
  serverErrorsKey: string;
  firstServerError: FieldRef | undefined;
  /** The message to display on a field now: an external one, or a client one once touched. */
  displayedError: (fieldId: string) => string | undefined;
  /** Server, model or upload error of a field, if any. */
  externalError: (fieldId: string) => string | undefined;
  isTouched: (fieldId: string) => boolean;
  setValue: (fieldId: string, value: unknown) => void;
  touch: (fieldIds: readonly string[]) => void;
  setExternalError: (fieldId: string, message: string | null) => void;
  uploading: boolean;
  trackUpload: <T>(upload: Promise<T>) => Promise<T>;
  /** Touches the shown fields of the tabs and answers their errors (client and external). */
  checkTabs: (tabs: readonly FormTab[]) => FieldErrors;
  payload: () => FormPayload;
}

export function useServerForm(model: FormModel, serverErrors: readonly ValidationError[] = NO_ERRORS): ServerFormController {
  const [state, setState] = useState(() => createState(model, serverErrors));
  const [uploads, setUploads] = useState(0);

  // A new model restarts the form; new server errors land on their fields (derived during render).
  let current = state;
  if (state.model !== model) current = createState(model, serverErrors);
  else if (state.serverErrorsKey !== JSON.stringify(serverErrors)) current = withServerErrors(state, serverErrors);
  if (current !== state) setState(current);

  const { values, touched, external, unmatched, serverErrorsKey, firstServerError } = current;
  const visibility = useMemo(() => computeVisibility(model, values), [model, values]);
  const errors = useMemo(() => validateValues(model, values, visibility), [model, values, visibility]);

  const setValue = useCallback(
    (fieldId: string, value: unknown) =>
      setState((previous) => {
        return {
          ...previous,
          values: settleValues(previous.model, withExclusive(previous.model, { ...previous.values, [fieldId]: value }, fieldId)),
          touched: new Set(previous.touched).add(fieldId),
          external: withoutKey(previous.external, fieldId),
        };
      }),
    [],
  );

  const touch = useCallback(
    (fieldIds: readonly string[]) =>
      setState((previous) =>
        fieldIds.every((id) => previous.touched.has(id)) ? previous : { ...previous, touched: new Set([...previous.touched, ...fieldIds]) },
      ),
    [],
  );

  const setExternalError = useCallback(
    (fieldId: string, message: string | null) =>
      setState((previous) => {
        const rest = withoutKey(previous.external, fieldId);
        return { ...previous, external: message === null ? rest : { ...rest, [fieldId]: message } };
      }),
    [],
  );

  const trackUpload = useCallback(<T>(upload: Promise<T>): Promise<T> => {
    setUploads((count) => count + 1);
    return upload.finally(() => setUploads((count) => count - 1));
  }, []);

  const checkTabs = useCallback(
    (tabs: readonly FormTab[]): FieldErrors => {
      const shown = tabs.flatMap((tab) => tab.fields.filter((field) => !visibility.hiddenFields.has(field.id)).map((field) => field.id));
      touch(shown);
      const found: FieldErrors = {};
      for (const id of shown) {
        const message = external[id] ?? errors[id];
        if (message !== undefined) found[id] = message;
      }
      return found;
    },
    [errors, external, touch, visibility],
  );

  return {
    model,
    values,
    visibility,
    errors,
    unmatchedErrors: unmatched,
    serverErrorsKey,
    firstServerError,
    displayedError: (fieldId) => external[fieldId] ?? (touched.has(fieldId) ? errors[fieldId] : undefined),
    externalError: (fieldId) => external[fieldId],
    isTouched: (fieldId) => touched.has(fieldId),
    setValue,
    touch,
    setExternalError,
    uploading: uploads > 0,
    trackUpload,
    checkTabs,
    payload: () => buildPayload(model, values, visibility),
  };
}
