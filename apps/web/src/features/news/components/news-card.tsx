import { Badge, Card, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NewsItem } from '@lea/shared';
import { NewsTag, useNewsDay } from './news-tag';

/** One news item of the list: picture, tag, day, title and subtitle, leading to its page. */
export function NewsCard({ item, to, upcoming }: { item: NewsItem; to: string; upcoming: boolean }) {
  const { t } = useTranslation('news');
  const day = useNewsDay();
  return (
    <UnstyledButton component={Link} to={to} h="100%" aria-label={item.title}>
      <Card withBorder radius="md" padding="md" h="100%">
        {item.picture && (
          <Card.Section>
            <Image src={item.picture} alt="" h={140} fit="cover" />
          </Card.Section>
        )}
        <Stack gap={6} mt={item.picture ? 'sm' : 0}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <NewsTag tag={item.tag} />
            <Text size="xs" c="dimmed">
              {day(item.dateToDisplay)}
            </Text>
          </Group>
          {upcoming && (
            <Badge color="yellow" variant="outline" w="fit-content">
              {t('upcoming')}
            </Badge>
          )}
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Text>
          {item.subTitle && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {item.subTitle}
            </Text>
          )}
        </Stack>
      </Card>
    </UnstyledButton>
  );
}
