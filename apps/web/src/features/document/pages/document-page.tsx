import { Button, Card, Center, Container, EmptyState, Grid, Loader, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconFilePlus, IconFolder, IconNotes } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPE, NOTE_CATEGORY_CODE, type DocumentCategory, type DocumentItem as Item } from '@lea/shared';
import { useCurrentTriadId } from '../../../shell/current-triad';
import { NeedsNetwork } from '../../../shell/needs-network';
import { NoTriadState } from '../../../shell/no-triad-state';
import { documentKeys, fetchCategories, fetchDocuments } from '../api';
import { DocumentItem } from '../components/document-item';
import { RemoveDocumentModal } from '../components/remove-document-modal';

type Tab = { code: string; label: string };

/** The tabs: the platform's categories (their title, else the translated code), then the notes. */
function useTabs(categories: DocumentCategory[] | undefined): Tab[] {
  const { t } = useTranslation('document');
  const tabs = (categories ?? []).map((category) => ({
    code: category.code,
    label: category.title ?? t(`categories.${category.code}`, { defaultValue: category.code }),
  }));
  return [...tabs, { code: NOTE_CATEGORY_CODE, label: t('categories.note') }];
}

/** A link to an add form; offline a disabled button that says why (the form posts to the server). */
function AddAction({ to, icon, label, variant }: { to: string; icon: ReactNode; label: string; variant?: 'light' }) {
  return (
    <NeedsNetwork block>
      {(offline) =>
        offline ? (
          <Button fullWidth variant={variant} leftSection={icon} disabled>
            {label}
          </Button>
        ) : (
          <Button fullWidth variant={variant} leftSection={icon} component={Link} to={to}>
            {label}
          </Button>
        )
      }
    </NeedsNetwork>
  );
}

/** /dashboard/document (MODULE_LEA_DOCUMENT, spec 2 §2): documents and notes of the triad by category. */
export default function DocumentPage() {
  const { t } = useTranslation('document');
  const triadId = useCurrentTriadId();
  if (triadId === null) {
    return <NoTriadState icon={<IconFolder size={32} />} title={t('noTriad')} action={t('chooseTriad')} />;
  }
  return <TriadDocuments triadId={triadId} />;
}

function TriadDocuments({ triadId }: { triadId: number }) {
  const { t } = useTranslation('document');
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [deleting, setDeleting] = useState<Item | null>(null);
  const categories = useQuery({ queryKey: documentKeys.categories, queryFn: fetchCategories, staleTime: 5 * 60_000 });
  const tabs = useTabs(categories.data?.categories);
  const asked = search.get('category');
  // An unknown or missing code opens the first tab (the `category` query of spec 2 §2 is optional).
  const active = tabs.find((tab) => tab.code === asked)?.code ?? (categories.isPending ? null : (tabs[0]?.code ?? null));
  const list = useQuery({
    queryKey: documentKeys.list(triadId, active ?? ''),
    queryFn: () => fetchDocuments(triadId, active ?? ''),
    enabled: active !== null,
  });
  const canAdd = list.data?.canAdd === true;
  const query = active && active !== NOTE_CATEGORY_CODE ? `?category=${encodeURIComponent(active)}` : '';
  const editPath = (item: Item) => `/dashboard/document/edit/${item.type === DOCUMENT_TYPE.document ? 'doc' : 'note'}/${item.id}${query}`;

  const items = list.data?.documents ?? [];
  const content =
    list.isPending || active === null ? (
      <Center py="xl">
        <Loader />
      </Center>
    ) : list.isError ? (
      <Text c="red">{t('loadError')}</Text>
    ) : items.length === 0 ? (
      <EmptyState icon={<IconFolder size={32} />} withIndicatorBackground title={t('none_document')} />
    ) : (
      <Stack gap="sm">
        {items.map((item) => (
          <DocumentItem key={item.id} item={item} onEdit={() => navigate(editPath(item))} onDelete={() => setDeleting(item)} />
        ))}
      </Stack>
    );

  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Grid>
          {/* Managers and administrators read full width, without the add actions (spec 2 §2). */}
          <Grid.Col span={{ base: 12, md: canAdd ? 9 : 12 }} order={{ base: 2, md: 1 }}>
            <Stack gap="md">
              <Tabs value={active} onChange={(code) => code && setSearch({ category: code }, { replace: true })}>
                <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
                  <Tabs.List aria-label={t('tabsLabel')} style={{ flexWrap: 'nowrap' }}>
                    {tabs.map((tab) => (
                      <Tabs.Tab key={tab.code} value={tab.code} style={{ whiteSpace: 'nowrap' }}>
                        {tab.label}
                      </Tabs.Tab>
                    ))}
                  </Tabs.List>
                </ScrollArea>
              </Tabs>
              {content}
            </Stack>
          </Grid.Col>
          {canAdd && (
            <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 1, md: 2 }}>
              <Card withBorder radius="md" padding="md">
                <Stack gap="sm">
                  <Title order={2} size="h5">
                    {t('actions.title')}
                  </Title>
                  <AddAction
                    to={`/dashboard/document/add/doc${query}`}
                    icon={<IconFilePlus size={18} />}
                    label={t('actions.newDocument')}
                  />
                  <AddAction
                    to="/dashboard/document/add/note"
                    icon={<IconNotes size={18} />}
                    label={t('actions.newNote')}
                    variant="light"
                  />
                </Stack>
              </Card>
            </Grid.Col>
          )}
        </Grid>
      </Stack>
      <RemoveDocumentModal triadId={triadId} item={deleting} onClose={() => setDeleting(null)} />
    </Container>
  );
}
