import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BackOfficeLayout } from '../../../shell/back-office-layout';
import { AdminMenu } from '../components/admin-menu';

/** /admin (spec 3 §2.3): side menu and section; the route itself requires ROLE_LEA_ADMIN. */
export default function AdminLayout() {
  const { t } = useTranslation('admin');
  return (
    <BackOfficeLayout
      toggleLabel={t('menu.toggle')}
      heading={
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="sm" py={4}>
          {t('area')}
        </Text>
      }
      menu={(onNavigate) => <AdminMenu onNavigate={onNavigate} />}
    />
  );
}
