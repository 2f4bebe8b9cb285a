import { useCallback, useState } from 'react';
import { Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackOfficeAreaContext } from '../../../back-office/area';
import { AreaErrorContext } from '../../../back-office/area-error';
import { AreaErrorView } from '../../../back-office/components/area-error-view';
import { BackOfficeLayout } from '../../../shell/back-office-layout';
import { ADMIN_AREA } from '../admin-entities';
import { AdminMenu } from '../components/admin-menu';

/** /admin (spec 3 §2.3): side menu and screens; the route itself requires ROLE_LEA_ADMIN. */
export default function AdminLayout() {
  const { t } = useTranslation('admin');
  const location = useLocation();
  // The error a screen reported, for the navigation it happened on: any other navigation clears it.
  const [reported, setReported] = useState<{ code: number; key: string } | null>(null);
  const report = useCallback((code: number | null) => setReported(code === null ? null : { code, key: location.key }), [location.key]);
  const errorCode = reported?.key === location.key ? reported.code : null;
  return (
    <AreaErrorContext.Provider value={report}>
      <BackOfficeAreaContext.Provider value={ADMIN_AREA}>
        <BackOfficeLayout
          toggleLabel={t('menu.toggle')}
          heading={
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="sm" py={4}>
              {t('area')}
            </Text>
          }
          menu={(onNavigate) => <AdminMenu onNavigate={onNavigate} />}
          content={errorCode === null ? undefined : <AreaErrorView code={errorCode} />}
        />
      </BackOfficeAreaContext.Provider>
    </AreaErrorContext.Provider>
  );
}
