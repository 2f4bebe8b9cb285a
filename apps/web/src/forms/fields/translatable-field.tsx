import { Input, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldLanguages, validateTranslations } from '@lea/shared';
import { useTranslateMessage } from '../messages';
import { inputProps, type FieldViewProps } from './field-props';

/** One input per language of the field, each validated on its own (spec 1 §5.1). */
export function TranslatableField(props: FieldViewProps) {
  const { field, value, onChange, form } = props;
  const { t } = useTranslation('forms');
  const translate = useTranslateMessage();
  const common = inputProps(props);
  const texts = value !== null && typeof value === 'object' ? (value as Record<string, string>) : {};
  const perLanguage = validateTranslations(field, value);
  const touched = form.isTouched(field.id);
  // An error from the server names the whole field: it is shown once, under the group.
  const serverError = form.externalError(field.id);
  const groupError = serverError === undefined ? undefined : translate(serverError);
  return (
    <Input.Wrapper error={groupError}>
      <Stack gap="xs">
        {fieldLanguages(field).map((language) => {
          const message = touched ? perLanguage[language] : null;
          const shownError = message ? translate(message) : undefined;
          return (
            <TextInput
              key={language}
              {...common}
              id={`${field.id}_${language}`}
              name={`${field.name}[${language}]`}
              label={t('translationLabel', { label: field.label, language: language.toUpperCase() })}
              value={texts[language] ?? ''}
              onChange={(event) => onChange({ ...texts, [language]: event.currentTarget.value })}
              error={field.attributes.hideError ? Boolean(shownError) : shownError}
              success={touched && !message}
              data-status={touched ? (message ? 'invalid' : 'valid') : undefined}
            />
          );
        })}
      </Stack>
    </Input.Wrapper>
  );
}
