import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, List, Stack, Stepper, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FormField, FormModel, FormPayload, FormTab, ValidationError } from '@lea/shared';
import { FormFieldView, fieldBlockId } from './fields/form-field-view';
import { FormServicesProvider, useFormServices, type FormServices } from './form-services';
import { firstInError, type FieldErrors } from './form-state';
import { useTranslateMessage } from './messages';
import { useServerForm, type ServerFormController } from './use-server-form';

export interface ServerFormProps extends FormServices {
  model: FormModel;
  onSubmit: (payload: FormPayload) => unknown;
  /** Tabs to edit a record; a wizard to add one, each step left only when valid (spec 3 §5). */
  mode?: 'tabs' | 'wizard';
  /** The server's `validationErrors` of the last save: shown on their fields. */
  serverErrors?: readonly ValidationError[];
  submitLabel?: string;
  submitting?: boolean;
}

/** Renders and validates a server-built form model (spec 1 §3.6, §4.5, §5). */
export function ServerForm({ fetchChoices, uploadFile, ...props }: ServerFormProps) {
  const inherited = useFormServices();
  return (
    <FormServicesProvider fetchChoices={fetchChoices ?? inherited.fetchChoices} uploadFile={uploadFile ?? inherited.uploadFile}>
      <ServerFormBody {...props} />
    </FormServicesProvider>
  );
}

function TabFields({ form, tab }: { form: ServerFormController; tab: FormTab }) {
  return (
    <Stack gap="md" pt="md">
      {tab.fields.map((field) => (
        <FormFieldView key={field.id} form={form} tab={tab} field={field} />
      ))}
    </Stack>
  );
}

function tabHasError(form: ServerFormController, tab: FormTab): boolean {
  return tab.fields.some((field) => !form.visibility.hiddenFields.has(field.id) && form.displayedError(field.id) !== undefined);
}

function UnmatchedErrors({ errors }: { errors: ValidationError[] }) {
  const { t } = useTranslation('forms');
  const translate = useTranslateMessage();
  if (errors.length === 0) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={t('otherErrors')}>
      <List size="sm">
        {errors.map((error) => (
          <List.Item key={`${error.field}:${error.message}`}>{translate(error.message)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

function ServerFormBody({
  model,
  onSubmit,
  mode = 'tabs',
  serverErrors,
  submitLabel,
  submitting = false,
}: Omit<ServerFormProps, keyof FormServices>) {
  const { t } = useTranslation('forms');
  const form = useServerForm(model, serverErrors);
  const tabs = model.tabs.filter((tab) => !form.visibility.hiddenTabs.has(tab.code));
  const [activeCode, setActiveCode] = useState(tabs[0]?.code);
  const [scrollTarget, setScrollTarget] = useState<{ field: FormField } | null>(null);
  const [sending, setSending] = useState(false);
  const activeIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.code === activeCode),
  );
  const active = tabs[activeIndex];
  const lastStep = mode === 'tabs' || activeIndex >= tabs.length - 1;

  // Scrolls once the tab holding the field is open (its panel may just have been rendered).
  useEffect(() => {
    if (!scrollTarget) return;
    const block = document.getElementById(fieldBlockId(scrollTarget.field));
    block?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    block?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, button')?.focus({ preventScroll: true });
  }, [scrollTarget]);

  const { serverErrorsKey, firstServerError } = form;
  useEffect(() => {
    if (serverErrorsKey === '[]') return;
    notifications.show({ color: 'red', message: t('signedError') });
    if (!firstServerError) return;
    setActiveCode(firstServerError.tab.code);
    setScrollTarget({ field: firstServerError.field });
  }, [serverErrorsKey, firstServerError, t]);

  const showFirstError = (errors: FieldErrors): boolean => {
    const first = firstInError(model, errors);
    if (!first) return false;
    setActiveCode(first.tab.code);
    setScrollTarget({ field: first.field });
    return true;
  };

  const next = () => {
    const following = tabs[activeIndex + 1];
    if (!active || !following || showFirstError(form.checkTabs([active]))) return;
    setActiveCode(following.code);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.uploading || sending) return;
    if (!lastStep) {
      next();
      return;
    }
    if (showFirstError(form.checkTabs(tabs))) return;
    setSending(true);
    try {
      await onSubmit(form.payload());
    } finally {
      setSending(false);
    }
  };

  const actions: ReactNode = (
    <Group justify="flex-end" mt="lg">
      {mode === 'wizard' && activeIndex > 0 && (
        <Button variant="default" onClick={() => setActiveCode(tabs[activeIndex - 1]?.code)}>
          {t('back')}
        </Button>
      )}
      {/* Distinct keys: reusing one <button> would turn the clicked "next" into a submit button
          before the browser's default action runs, submitting the form on reaching the last step. */}
      {lastStep ? (
        <Button key="submit" type="submit" disabled={form.uploading} loading={sending || submitting}>
          {submitLabel ?? t('submit')}
        </Button>
      ) : (
        <Button key="next" onClick={next} disabled={form.uploading}>
          {t('next')}
        </Button>
      )}
    </Group>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={form.uploading || sending}>
      <Stack gap="sm">
        <UnmatchedErrors errors={form.unmatchedErrors} />
        {mode === 'wizard' ? (
          <Stepper active={activeIndex} onStepClick={(index) => setActiveCode(tabs[index]?.code)} allowNextStepsSelect={false}>
            {tabs.map((tab) => (
              <Stepper.Step key={tab.code} label={tab.label} color={tabHasError(form, tab) ? 'red' : undefined}>
                <TabFields form={form} tab={tab} />
              </Stepper.Step>
            ))}
          </Stepper>
        ) : tabs.length === 1 && tabs[0] ? (
          <TabFields form={form} tab={tabs[0]} />
        ) : (
          <Tabs value={active?.code ?? null} onChange={(code) => code && setActiveCode(code)}>
            <Tabs.List>
              {tabs.map((tab) => {
                const inError = tabHasError(form, tab);
                return (
                  <Tabs.Tab
                    key={tab.code}
                    value={tab.code}
                    color={inError ? 'red' : undefined}
                    leftSection={inError ? <IconAlertCircle size={16} aria-hidden /> : undefined}
                    data-error={inError || undefined}
                  >
                    {tab.label}
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Panel key={tab.code} value={tab.code}>
                <TabFields form={form} tab={tab} />
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
        {actions}
      </Stack>
    </form>
  );
}
