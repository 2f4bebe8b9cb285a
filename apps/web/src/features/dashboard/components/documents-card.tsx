import { ActionIcon, Anchor, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFolder } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HomeDocument, Triad } from '@lea/shared';

/** The two categories the block lists itself (spec 2 §2); the others are links to their tab. */
const LISTED = ['general', 'pedagogic'] as const;
const tabPath = (code: string) => `/dashboard/document?category=${encodeURIComponent(code)}`;

function DocumentLines({ title, code, items }: { title: string; code: string; items: HomeDocument[] }) {
  const { t } = useTranslation('document');
  const headingId = `home-documents-${code}`;
  return (
    <Stack gap={6} component="section" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={3} size="h6" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <Anchor component={Link} to={tabPath(code)} size="xs" style={{ whiteSpace: 'nowrap' }}>
          {t('card.seeAll')}
        </Anchor>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('card.empty')}
        </Text>
      ) : (
        <Stack gap={4}>
          {items.map((item) => (
            <Group key={item.id} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.title}
              </Text>
              {item.url && (
                <ActionIcon
                  component="a"
                  href={item.url}
                  download={item.fileName ?? undefined}
                  variant="subtle"
                  size="sm"
                  aria-label={t('card.download', { title: item.title })}
                >
                  <IconDownload size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Documents block of the home dashboard (spec 2 §2), only when the course displays documents: the
 * general list (titled with the course's blocNameDocument when set), the pedagogic list, and links to
 * the other categories. It reads the triad's data only (GET /app/triad/{id}).
 */
export function DocumentsCard({ triad }: { triad: Triad }) {
  const { t } = useTranslation('document');
  const course = triad.trainingCourse;
  if (!course.displayDocument) return null;
  const categoryTitle = (code: string) => triad.documentCategories.find((category) => category.code === code)?.title ?? null;
  const others = triad.documentCategories.filter((category) => !(LISTED as readonly string[]).includes(category.code));
  return (
    <Card withBorder padding="md" radius="md">
      <Group gap="xs" mb="sm">
        <IconFolder size={20} aria-hidden />
        <Title order={2} size="h4">
          {t('card.title')}
        </Title>
      </Group>
      <Stack gap="md">
        <DocumentLines
          title={course.blocNameDocument || categoryTitle('general') || t('card.general')}
          code="general"
          items={triad.generalDocuments}
        />
        <DocumentLines title={categoryTitle('pedagogic') ?? t('card.pedagogic')} code="pedagogic" items={triad.pedagogicDocuments} />
        {others.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('card.others')}
            </Text>
            <List size="sm" spacing={2}>
              {others.map((category) => (
                <List.Item key={category.id}>
                  <Anchor component={Link} to={tabPath(category.code)} size="sm">
                    {category.title ?? t(`categories.${category.code}`, { defaultValue: category.code })}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
