import { Anchor, Card, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconFolder } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NOTE_CATEGORY_CODE, type DocumentFormKind, type FormPayload, type ValidationError } from '@lea/shared';
import { ServerForm } from '../../../forms';
import { ApiRequestError } from '../../../shell/api-client';
import { useCurrentTriadId } from '../../../shell/current-triad';
import { NoTriadState } from '../../../shell/no-triad-state';
import { triadKey } from '../../../shell/shell-queries';
import { documentBody, documentKeys, fetchDocumentForm, fetchDocuments, postDocument, uploadDocumentFile } from '../api';

/** add/doc, add/note, edit/doc/{id} and edit/note/{id}: the kind is the path's. */
function useFormRoute(): { kind: DocumentFormKind; id: number | null } {
  const { pathname } = useLocation();
  const { id } = useParams();
  const kind: DocumentFormKind = /\/(add|edit)\/note(\/|$)/.test(pathname) ? 'note' : 'document';
  const parsed = Number(id);
  return { kind, id: id !== undefined && Number.isInteger(parsed) && parsed > 0 ? parsed : null };
}

/** The add-document and add-note routes (spec 2 §2), and the author's edit: the server's form rendered by ServerForm. */
export default function DocumentFormPage() {
  const { t } = useTranslation('document');
  const triadId = useCurrentTriadId();
  if (triadId === null) {
    return <NoTriadState icon={<IconFolder size={32} />} title={t('noTriad')} action={t('chooseTriad')} />;
  }
  return <DocumentForm triadId={triadId} />;
}

function DocumentForm({ triadId }: { triadId: number }) {
  const { t } = useTranslation('document');
  const { kind, id } = useFormRoute();
  const [search] = useSearchParams();
  const category = search.get('category');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [serverErrors, setServerErrors] = useState<ValidationError[]>([]);
  const backPath = `/dashboard/document?category=${encodeURIComponent(kind === 'note' ? NOTE_CATEGORY_CODE : (category ?? ''))}`;
  // Managers and administrators read a triad's documents without adding any (spec 2 §2): the list
  // says so, and an add route reached by its address shows the refusal without asking for the form.
  const listCode = kind === 'note' ? NOTE_CATEGORY_CODE : (category ?? NOTE_CATEGORY_CODE);
  const list = useQuery({
    queryKey: documentKeys.list(triadId, listCode),
    queryFn: () => fetchDocuments(triadId, listCode),
    enabled: id === null,
  });
  const addRefused = id === null && list.data?.canAdd === false;
  const form = useQuery({
    queryKey: documentKeys.form(triadId, kind, id),
    queryFn: () => fetchDocumentForm(triadId, kind, { id, category }),
    enabled: id !== null || list.data?.canAdd === true,
    gcTime: 0,
    retry: false,
    meta: { errorPage: false },
  });
  const save = useMutation({
    mutationFn: (payload: FormPayload) => postDocument(documentBody(payload, { triadId, id, kind })),
    onSuccess: async (answer) => {
      const saved = answer.responses[0]?.object;
      if (answer.hasError || !saved) {
        notifications.show({ color: 'red', message: t('message_error') });
        return;
      }
      notifications.show({ color: 'green', message: t(kind === 'note' ? 'note_success' : 'document_success') });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.all }),
        queryClient.invalidateQueries({ queryKey: triadKey(triadId) }),
      ]);
      navigate(`/dashboard/document?category=${encodeURIComponent(saved.category?.code ?? NOTE_CATEGORY_CODE)}`);
    },
    onError: (error) => {
      const fieldErrors = error instanceof ApiRequestError ? error.errors : [];
      setServerErrors(fieldErrors);
      // Field errors get the form's own notice and land on their fields; anything else gets message_error.
      if (fieldErrors.length === 0) notifications.show({ color: 'red', message: t('message_error') });
    },
  });

  const title = t(
    id === null ? (kind === 'note' ? 'form.addNote' : 'form.addDocument') : kind === 'note' ? 'form.editNote' : 'form.editDocument',
  );
  const refused = addRefused || (form.error instanceof ApiRequestError && form.error.status === 403);
  return (
    <Container size="sm" px={0}>
      <Stack gap="md">
        <Group gap="xs">
          <Anchor component={Link} to={backPath} size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={16} aria-hidden />
              {t('form.back')}
            </Group>
          </Anchor>
        </Group>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Card withBorder radius="md" padding="lg">
          {form.data ? (
            <ServerForm
              model={form.data}
              onSubmit={(payload) => save.mutateAsync(payload).catch(() => undefined)}
              serverErrors={serverErrors}
              submitting={save.isPending}
              submitLabel={t('form.save')}
              uploadFile={uploadDocumentFile}
            />
          ) : form.isError || addRefused || (id === null && list.isError) ? (
            <Text c="red">{refused ? t('form.forbidden') : t('loadError')}</Text>
          ) : (
            <Center py="xl">
              <Loader />
            </Center>
          )}
        </Card>
      </Stack>
    </Container>
  );
}
