import { Alert, Button, FileInput, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileImport, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shell/breadcrumb';
import { Link, useParams } from 'react-router';
import type { FormField, RncpCertificationsResponse } from '@lea/shared';
import { uploadFormFile } from '../../../back-office/entity-api';
import { NeedsNetwork } from '../../../shell/needs-network';
import { importRncp, listRncpCertifications, removeRncpRepository } from '../manager-api';

/** The upload field of an RNCP export: the `rncp` folder accepts France Compétences' XML and CSV. */
const RNCP_FIELD: FormField = {
  id: 'rncp_file',
  name: 'file',
  label: 'RNCP',
  kind: 'file',
  required: true,
  disabled: false,
  hide: false,
  attributes: { uploadType: 'rncp', allowedExtensions: ['xml', 'csv'] },
};

/** /lea-manager/{course}/skill/france-competence: import the skill blocks of an RNCP certification (issue 14 §5). */
export default function ManagerRncpPage() {
  const { t } = useTranslation('skill');
  usePageTitle(t('rncp.title'));
  const courseId = Number(useParams().trainingCourseId);
  const [fileId, setFileId] = useState<number | null>(null);
  const [certifications, setCertifications] = useState<RncpCertificationsResponse['certifications']>([]);
  const [rncp, setRncp] = useState<string | null>(null);
  const fail = (error: Error) => notifications.show({ color: 'red', message: error.message || t('rncp.error') });
  const read = useMutation({
    mutationFn: async (file: File) => {
      const stored = await uploadFormFile(file, RNCP_FIELD);
      return { id: stored.id, answer: await listRncpCertifications(courseId, stored.id) };
    },
    onSuccess: ({ id, answer }) => {
      setFileId(id);
      setCertifications(answer.certifications);
      setRncp(answer.certifications[0]?.numero ?? null);
    },
    onError: fail,
  });
  const save = useMutation({
    mutationFn: () => importRncp(courseId, { file: fileId ?? 0, rncp: rncp ?? '' }),
    onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: () => removeRncpRepository(courseId),
    onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
    onError: fail,
  });
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        {t('rncp.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('rncp.text')}
      </Text>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <FileInput
            label={t('rncp.file')}
            accept=".xml,.csv"
            clearable
            onChange={(file) => {
              setFileId(null);
              setCertifications([]);
              if (file) read.mutate(file);
            }}
          />
          {certifications.length > 0 && (
            <Select
              label={t('rncp.certification')}
              value={rncp}
              onChange={setRncp}
              searchable
              data={certifications.map((entry) => ({
                value: entry.numero,
                label: `${entry.numero} - ${entry.intitule} (${t('rncp.blocks', { count: entry.blocks })})`,
              }))}
            />
          )}
          <NeedsNetwork>
            {(offline) => (
              <Group justify="space-between">
                <Button
                  leftSection={<IconFileImport size={18} />}
                  disabled={offline || fileId === null || !rncp}
                  loading={save.isPending}
                  onClick={() => save.mutate()}
                >
                  {t('rncp.import')}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={18} />}
                  disabled={offline}
                  loading={remove.isPending}
                  onClick={() => remove.mutate()}
                >
                  {t('rncp.remove')}
                </Button>
              </Group>
            )}
          </NeedsNetwork>
        </Stack>
      </Paper>
      {save.isSuccess && (
        <Alert color="green">
          <Button component={Link} to={`/lea-manager/${courseId}/skill/skill-category`} variant="subtle" size="xs">
            {t('rncp.seeCategories')}
          </Button>
        </Alert>
      )}
    </Stack>
  );
}
