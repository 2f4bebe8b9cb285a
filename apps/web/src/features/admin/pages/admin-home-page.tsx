import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconFileText, IconList } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadFallback } from '../../../back-office/components/load-fallback';
import { useCurrentUser } from '../../../shell/current-user';
import { entryPath } from '../../../back-office/screens';
import { ADMIN_AREA, useAdminScreens } from '../admin-entities';
import { AdminHomeOverview } from '../components/home-overview';
import { useIntegrations } from '../integrations-api';

/** The active integrations as badges (spec 3 §1): each single sign-on provider, and the e-mail sign-in link when offered. */
function IntegrationBadges() {
  const { t } = useTranslation('admin');
  const { data } = useIntegrations();
  if (!data || (data.sso.length === 0 && !data.emailSignIn)) return null;
  return (
    <Group gap="xs" role="list" aria-label={t('integrations.label')}>
      {data.sso.map((provider) => (
        <Badge key={provider.id} role="listitem" variant="light" color="teal" size="lg" tt="none">
          {t('integrations.sso', { label: provider.label })}
        </Badge>
      ))}
      {data.emailSignIn && (
        <Badge role="listitem" variant="light" color="blue" size="lg" tt="none">
          {t('integrations.emailSignIn')}
        </Badge>
      )}
    </Group>
  );
}

/** The administrator area's home (route adminHome): a welcome card, the active integrations and the screens that exist. */
export default function AdminHomePage() {
  const { t } = useTranslation('admin');
  const { data: user } = useCurrentUser();
  const { entities, pending } = useAdminScreens();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('home.title')}
      </Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap={4}>
          <Text fw={600}>{t('home.welcome', { name: user?.firstName ?? '' })}</Text>
          <Text size="sm" c="dimmed">
            {t('home.description')}
          </Text>
          <IntegrationBadges />
        </Stack>
      </Card>
      <AdminHomeOverview />
      {pending && <LoadFallback pending failure="" />}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
        {entities.map((entity) => (
          <UnstyledButton key={entity.alias} component={Link} to={entryPath(ADMIN_AREA, entity)}>
            <Card withBorder radius="md" padding="md" h="100%">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" size="lg" radius="md">
                  {entity.can.singleton ? <IconFileText size={20} /> : <IconList size={20} />}
                </ThemeIcon>
                <Stack gap={0} miw={0}>
                  <Text fw={600} size="sm">
                    {entity.titles.list}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {entity.titles.add}
                  </Text>
                </Stack>
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
