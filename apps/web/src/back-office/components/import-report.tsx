import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EntityDescription, ImportReport } from '@lea/shared';
import { useTranslateMessage } from '../../forms';

/**
 * The answer of an import (spec 3 §5, §8): every rejected line under the import-errors heading,
 * worded `Erreur ligne {line} colonne {column}`; else what was created and updated, in the entity's words.
 */
type ImportTexts = NonNullable<EntityDescription['importTexts']>;

/** The entity's words for a count, in the plural form the language gives it (French: 0 and 1 are singular). */
function counted(plural: ImportTexts['created'], count: number, language: string): string {
  const form = new Intl.PluralRules(language).select(count) === 'one' ? plural.one : plural.other;
  return form.replace('{count}', String(count));
}

export function ImportReportView({ report, texts }: { report: ImportReport; texts: ImportTexts }) {
  const { t, i18n } = useTranslation('back-office');
  const translate = useTranslateMessage();
  // The server words a line `{header} : {reason}`; a reason of the shared rules is shown in the reader's language.
  const worded = (message: string) => {
    const cut = message.lastIndexOf(' : ');
    return cut < 0 ? translate(message) : `${message.slice(0, cut)} : ${translate(message.slice(cut + 3))}`;
  };
  if (report.hasError) {
    if (report.errors.length === 0) return null;
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={t('import.errors')} data-testid="import-errors">
        <Stack gap={4}>
          <Text size="sm">{t('import.nothingApplied')}</Text>
          <List size="sm" spacing={2}>
            {report.errors.map((error) => (
              <List.Item key={`${error.line}-${error.column}-${error.message}`}>
                <Text span size="sm" fw={600}>
                  {t('import.errorLine', { line: error.line, column: error.column })}
                </Text>
                {error.message && (
                  <Text span size="sm">
                    {' '}
                    : {worded(error.message)}
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="green" icon={<IconCircleCheck />} title={t('import.done')} data-testid="import-success">
      <Stack gap={2}>
        <Text size="sm">{counted(texts.created, report.created, i18n.language)}</Text>
        <Text size="sm">{counted(texts.updated, report.updated, i18n.language)}</Text>
        <Text size="sm">{texts.thanks}</Text>
      </Stack>
    </Alert>
  );
}
