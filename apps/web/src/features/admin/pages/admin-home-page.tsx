import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../shell/current-user';
import { ADMIN_SECTIONS } from '../sections';

/** The administrator area's home (route adminHome): a welcome card and the sections. */
export default function AdminHomePage() {
  const { t } = useTranslation('admin');
  const { data: user } = useCurrentUser();
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
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
        {ADMIN_SECTIONS.map(({ key, path, icon: Icon }) => (
          <UnstyledButton key={key} component={Link} to={`/admin/${path}`}>
            <Card withBorder radius="md" padding="md" h="100%">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" size="lg" radius="md">
                  <Icon size={20} />
                </ThemeIcon>
                <Stack gap={0} miw={0}>
                  <Text fw={600} size="sm">
                    {t(`menu.${key}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`home.sections.${key}`)}
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
