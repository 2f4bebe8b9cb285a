import { ActionIcon, Avatar, Card, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isWebAddress } from '@lea/shared';
import { useCurrentTriadId } from '../../../shell/current-triad';
import { NoTriadState } from '../../../shell/no-triad-state';
import { PageHeader } from '../../../shell/page-header';
import { useWebLinks } from '../api';
import { QueryStates } from '../../../shell/query-states';

/**
 * /dashboard/weblinks (MODULE_LEA_WEBLINKS, spec 2 §2): the course's useful links with their logo;
 * each opens in a new tab without giving the opened page a handle on this one (rel noopener).
 */
export default function WebLinksPage() {
  const { t } = useTranslation('weblink');
  const triadId = useCurrentTriadId();
  const list = useWebLinks(triadId);
  if (triadId === null) return <NoTriadState icon={<IconLink size={32} />} title={t('noTriad')} action={t('chooseTriad')} />;
  const links = list.data?.webLinks ?? [];
  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} />
      <QueryStates
        query={list}
        empty={links.length === 0}
        errorText={t('loadError')}
        emptyIcon={<IconLink size={32} />}
        emptyTitle={t('empty')}
      >
        {() => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {links.map((link) => (
              <Card key={link.id} component="li" withBorder radius="md" padding="md">
                <Group wrap="nowrap" gap="md">
                  <Avatar src={link.logo} alt="" radius="sm" size={48} color="blue">
                    <IconLink size={24} aria-hidden />
                  </Avatar>
                  <Stack gap={0} miw={0} style={{ flex: 1 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {link.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {link.url}
                    </Text>
                  </Stack>
                  <Tooltip label={t('open')} withArrow>
                    <ActionIcon
                      component="a"
                      href={isWebAddress(link.url) ? link.url : undefined}
                      target="_blank"
                      rel="noopener noreferrer"
                      variant="light"
                      size="lg"
                      aria-label={t('openOf', { name: link.name })}
                    >
                      <IconExternalLink size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </QueryStates>
    </Stack>
  );
}
