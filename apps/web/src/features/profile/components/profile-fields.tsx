import type { ComponentType } from 'react';
import { Group, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconDeviceMobile,
  IconHome,
  IconMail,
  IconMailbox,
  IconMapPin,
  IconPhone,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ADDRESS_FIELDS,
  IDENTITY_FIELDS,
  PARENT_FIELDS,
  REQUIRED_FIELDS,
  type ProfileField,
  type ProfileFormErrors,
  type ProfileFormValues,
} from '../profile-form';

type Icon = ComponentType<{ size?: number | string; stroke?: number }>;

const ICONS: Record<ProfileField, Icon> = {
  firstName: IconUser,
  lastName: IconUser,
  email: IconMail,
  parentFirstName: IconUsers,
  parentLastName: IconUsers,
  'personalAddress.address': IconMapPin,
  'personalAddress.complement': IconHome,
  'personalAddress.postCode': IconMailbox,
  'personalAddress.city': IconBuildingCommunity,
  'personalAddress.phone': IconPhone,
  'personalAddress.mobile': IconDeviceMobile,
};

const SECTIONS = [
  { key: 'identity', fields: IDENTITY_FIELDS },
  { key: 'parent', fields: PARENT_FIELDS },
  { key: 'address', fields: ADDRESS_FIELDS },
] as const;

const INPUT_TYPES: Partial<Record<ProfileField, string>> = {
  email: 'email',
  'personalAddress.phone': 'tel',
  'personalAddress.mobile': 'tel',
};

type Props = {
  values: ProfileFormValues;
  errors: ProfileFormErrors;
  editing: boolean;
  onChange: (field: ProfileField, value: string) => void;
};

/** The profile's editable fields with their icons, read-only rows in view mode, inputs in edit mode. */
export function ProfileFields({ values, errors, editing, onChange }: Props) {
  const { t } = useTranslation('profile');
  return (
    <Stack gap="lg">
      {SECTIONS.map((section) => (
        <Stack key={section.key} gap="sm">
          <Title order={3} size="h5">
            {t(`sections.${section.key}`)}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            {section.fields.map((field) => {
              const FieldIcon = ICONS[field];
              const label = t(`fields.${field}`);
              if (editing) {
                return (
                  <TextInput
                    key={field}
                    name={field}
                    label={label}
                    type={INPUT_TYPES[field] ?? 'text'}
                    withAsterisk={REQUIRED_FIELDS.includes(field)}
                    leftSection={<FieldIcon size={16} />}
                    value={values[field]}
                    error={errors[field]}
                    onChange={(event) => onChange(field, event.currentTarget.value)}
                  />
                );
              }
              return (
                <Group key={field} gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" size="lg" radius="xl">
                    <FieldIcon size={18} />
                  </ThemeIcon>
                  <Stack gap={0} miw={0}>
                    <Text size="xs" c="dimmed">
                      {label}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {values[field] || t('empty')}
                    </Text>
                  </Stack>
                </Group>
              );
            })}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
