import { Card, Divider, Group, Modal, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronRight, IconFileCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Contract, Triad } from '@lea/shared';
import { formatDay } from '../../../shell/questionnaires/questionnaire-queries';
import { useProfileTitle } from '../../../shell/profile-title';

function addressOf(contract: Contract): string | null {
  const company = contract.company;
  if (!company) return null;
  const town = [company.postCode, company.city].filter(Boolean).join(' ');
  const address = [company.address1, town].filter(Boolean).join(', ');
  return address === '' ? null : address;
}

/** One contract of the modal: every field of spec 2 §3, a dash for what is not set. */
function ContractDetails({ contract }: { contract: Contract }) {
  const { t } = useTranslation('dashboard');
  const titleOf = useProfileTitle();
  const none = t('contract.none');
  const masters = [contract.apprenticeMaster, contract.apprenticeMaster2]
    .filter((person) => person !== null)
    .map((person) => person.fullName);
  const rows: [string, string | null][] = [
    [t('contract.type'), contract.contractType?.title ?? null],
    [t('contract.siret'), contract.company?.siretNumber ?? null],
    [t('contract.address'), addressOf(contract)],
    [titleOf(3, masters.length > 1 ? 'titlePlural' : 'title'), masters.length > 0 ? masters.join(', ') : null],
    [titleOf('companyManager'), contract.manager?.fullName ?? null],
    [t('contract.startDate'), formatDay(contract.startDate)],
    [t('contract.endDate'), formatDay(contract.endDate)],
    [t('contract.ruptureDate'), formatDay(contract.ruptureDate)],
  ];
  // The cause stands beside the termination date, when the contract was terminated.
  if (contract.ruptureDate !== null || contract.ruptureCause) rows.push([t('contract.ruptureCause'), contract.ruptureCause]);
  const flagged = new Set([t('contract.ruptureDate'), t('contract.ruptureCause')]);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
        {contract.company?.companyName ?? none}
      </Title>
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="42%">{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }} c={flagged.has(label) && value ? 'red' : undefined}>
                {value ?? none}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** 'Contrat' (spec 2 §2): the active contract; a click lists every contract of the triad in a modal. */
export function ContractCard({ triad }: { triad: Triad }) {
  const { t } = useTranslation('dashboard');
  const [opened, { open, close }] = useDisclosure(false);
  const active = triad.activeContract;
  return (
    <Card withBorder padding="md" radius="md">
      <Group gap="xs" mb="sm">
        <IconFileCertificate size={20} aria-hidden />
        <Title order={2} size="h4">
          {t('contract.title')}
        </Title>
      </Group>
      {active === null ? (
        <Text c="dimmed" size="sm">
          {t('contract.empty')}
        </Text>
      ) : (
        <UnstyledButton onClick={open} aria-haspopup="dialog" w="100%">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={2} miw={0}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {active.contractType?.title ?? t('contract.title')}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {active.company?.companyName ?? t('contract.none')}
              </Text>
              <Text size="sm" c="dimmed">
                {active.endDate
                  ? t('contract.fromTo', { from: formatDay(active.startDate), to: formatDay(active.endDate) })
                  : t('contract.from', { from: formatDay(active.startDate) })}
              </Text>
              {active.ruptureDate && (
                <Text size="sm" c="red">
                  {t('contract.rupturedOn', { date: formatDay(active.ruptureDate) })}
                </Text>
              )}
            </Stack>
            <IconChevronRight size={18} aria-hidden />
          </Group>
        </UnstyledButton>
      )}
      <Modal opened={opened} onClose={close} title={t('contract.all', { count: triad.contracts.length })} size="lg">
        <Stack gap="lg">
          {triad.contracts.map((contract, index) => (
            <Stack key={contract.id} gap="lg">
              {index > 0 && <Divider />}
              <ContractDetails contract={contract} />
            </Stack>
          ))}
        </Stack>
      </Modal>
    </Card>
  );
}
