import { useState } from 'react';
import { Badge, Button, Group, Radio, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconRowInsertBottom } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QuestionItem } from '@lea/shared';
import { useTranslateMessage } from '../../../forms';
import { addRow } from '../api';
import { isGridCluster, questionFieldName } from '../reply-state';
import { AnswerInput } from './answer-input';
import { FreeComment, hasOwnControl, tipOf } from './field-parts';
import { AnswerMark, OtherAnswers } from './other-answers';
import { useQuestionnaire } from './questionnaire-context';
import { useProfileTitle } from '../../../shell/profile-title';

/** A cluster: a table of rows, a grid of radio columns (displayMode 2), open to new rows when allowed. */
export function ClusterBlock({ cluster }: { cluster: QuestionItem }) {
  const translate = useTranslateMessage();
  const { view, form } = useQuestionnaire();
  // Radio rows of a plain cluster are checked together: the error names the cluster.
  const clusterError = form.errors[questionFieldName(cluster.id)];
  const mayAddRows =
    cluster.openedQuestions && view.userProfile !== null && cluster.openedQuestionsAccess.includes(view.userProfile) && !view.userHasSigned;
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} id={`cluster-${cluster.id}`}>
          {cluster.title}
          {cluster.questions.some((row) => row.required) && (
            <Text component="span" c="red" aria-hidden>
              {' '}
              *
            </Text>
          )}
        </Text>
        {tipOf(cluster) && (
          <Text size="xs" c="dimmed">
            {tipOf(cluster)}
          </Text>
        )}
      </Stack>
      {isGridCluster(cluster) ? <GridTable cluster={cluster} /> : <RowsTable cluster={cluster} />}
      {clusterError && (
        <Text size="sm" c="red" role="alert">
          {translate(clusterError)}
        </Text>
      )}
      {mayAddRows && <AddRowButton cluster={cluster} />}
    </Stack>
  );
}

/** Rows of a cluster: each row title beside its control; stacked on phones. */
function RowsTable({ cluster }: { cluster: QuestionItem }) {
  const { t } = useTranslation('questionnaire');
  const translate = useTranslateMessage();
  const { view, form } = useQuestionnaire();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const choices = cluster.valueList.map((entry) => entry.value);
  const control = (row: QuestionItem, hideLabel: boolean) => {
    const name = questionFieldName(row.id);
    const error = form.errors[name];
    return (
      <Stack gap={6} data-field={name}>
        {hasOwnControl(row, view.userProfile) && (
          <AnswerInput
            item={row}
            choices={choices}
            id={name}
            label={row.title}
            hideLabel={hideLabel}
            description={tipOf(row)}
            value={form.draft.values[row.id] ?? null}
            onChange={(value) => form.setValue(row.id, value)}
            error={error ? translate(error) : undefined}
            disabled={!row.writable}
            trackUpload={form.trackUpload}
            onUploadError={(message) => form.setFieldError(name, message)}
          />
        )}
        {!hasOwnControl(row, view.userProfile) && row.answers.length === 0 && (
          <Text size="sm" c="dimmed" fs="italic">
            {t('answers.none')}
          </Text>
        )}
        {row.comments && hasOwnControl(row, view.userProfile) && <FreeComment item={row} />}
        <AnswerMark item={row} answer={row.userAnswer} />
        <OtherAnswers item={row} compact />
      </Stack>
    );
  };
  if (cluster.questions.length === 0) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t('cluster.noRows')}
      </Text>
    );
  }
  if (narrow) {
    return (
      <Stack gap="md">
        {cluster.questions.map((row) => (
          <div key={row.id}>{control(row, false)}</div>
        ))}
      </Stack>
    );
  }
  return (
    <Table withTableBorder withColumnBorders verticalSpacing="sm" aria-labelledby={`cluster-${cluster.id}`}>
      <Table.Tbody>
        {cluster.questions.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Th scope="row" w="35%" fw={500} style={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
              {row.title}
              {row.required && (
                <Text component="span" c="red" aria-hidden>
                  {' '}
                  *
                </Text>
              )}
            </Table.Th>
            <Table.Td>{control(row, true)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Grid cluster (displayMode 2): one radio per row and column; other profiles' choices as badges. */
function GridTable({ cluster }: { cluster: QuestionItem }) {
  const { t } = useTranslation('questionnaire');
  const titleOf = useProfileTitle();
  const translate = useTranslateMessage();
  const { form } = useQuestionnaire();
  const columns = (cluster.valueList.length > 0 ? cluster.valueList : (cluster.questions[0]?.valueList ?? [])).map((entry) => entry.value);
  return (
    <Table.ScrollContainer minWidth={220 + columns.length * 96} type="native">
      <Table withTableBorder withColumnBorders verticalSpacing="xs" aria-labelledby={`cluster-${cluster.id}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Text size="xs" c="dimmed">
                {t('cluster.question')}
              </Text>
            </Table.Th>
            {columns.map((column) => (
              <Table.Th key={column} ta="center" style={{ fontWeight: 600 }}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cluster.questions.map((row) => {
            const name = questionFieldName(row.id);
            const error = form.errors[name];
            const value = form.draft.values[row.id];
            return (
              <Table.Tr key={row.id} data-field={name} role="radiogroup" aria-label={row.title} aria-invalid={error ? true : undefined}>
                <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {row.title}
                  {row.required && (
                    <Text component="span" c="red" aria-hidden>
                      {' '}
                      *
                    </Text>
                  )}
                  <AnswerMark item={row} answer={row.userAnswer} />
                  {error && (
                    <Text size="xs" c="red" role="alert">
                      {translate(error)}
                    </Text>
                  )}
                </Table.Th>
                {columns.map((column) => (
                  <Table.Td key={column} ta="center">
                    <Stack gap={4} align="center">
                      <Radio
                        name={name}
                        value={column}
                        checked={value === column}
                        onChange={() => form.setValue(row.id, column)}
                        disabled={!row.writable}
                        aria-label={`${row.title} : ${column}`}
                        error={Boolean(error)}
                      />
                      <Group gap={2} justify="center">
                        {row.answers
                          .filter((answer) => answer.value === column)
                          .map((answer) => (
                            <Badge
                              key={answer.id}
                              size="xs"
                              variant="light"
                              title={`${titleOf(answer.writerProfile)} ${answer.writerName ?? ''}`}
                            >
                              {titleOf(answer.writerProfile, 'titleAbbreviation')}
                            </Badge>
                          ))}
                      </Group>
                    </Stack>
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AddRowButton({ cluster }: { cluster: QuestionItem }) {
  const { t } = useTranslation('questionnaire');
  const { view, params, reload } = useQuestionnaire();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      if (await addRow(params, view.userProfile, cluster.id)) {
        notifications.show({ color: 'green', message: t('notices.rowAdded') });
        await reload();
      } else {
        notifications.show({ color: 'red', message: t('notices.saveError') });
      }
    } catch {
      notifications.show({ color: 'red', message: t('notices.saveError') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group>
      <Button variant="light" size="xs" leftSection={<IconRowInsertBottom size={16} />} loading={busy} onClick={() => void add()}>
        {t('cluster.addRow')}
      </Button>
    </Group>
  );
}
