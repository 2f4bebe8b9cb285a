import { useCallback, useState } from 'react';
import { Container } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { BackOfficeAreaContext, type BackOfficeArea } from '../../../back-office/area';
import { AreaErrorContext } from '../../../back-office/area-error';
import { AreaErrorView } from '../../../back-office/components/area-error-view';

const SHARED_AREA: BackOfficeArea = { kind: 'shared' };

/**
 * /lea-manager/shared-document (spec 3 §2.1): the manager's documents across his courses, outside any
 * one course (no side menu; the tab bar is hidden there, spec 1 §2.2). The server answers 403 to
 * whoever manages no course: the screen shows that error.
 */
export default function SharedDocumentLayout() {
  const location = useLocation();
  // The error a screen reported, for the navigation it happened on: any other navigation clears it.
  const [reported, setReported] = useState<{ code: number; key: string } | null>(null);
  const report = useCallback((code: number | null) => setReported(code === null ? null : { code, key: location.key }), [location.key]);
  const errorCode = reported?.key === location.key ? reported.code : null;
  return (
    <AreaErrorContext.Provider value={report}>
      <BackOfficeAreaContext.Provider value={SHARED_AREA}>
        <Container size="lg" py="md" px={{ base: 'xs', sm: 'md' }}>
          {errorCode === null ? <Outlet /> : <AreaErrorView code={errorCode} />}
        </Container>
      </BackOfficeAreaContext.Provider>
    </AreaErrorContext.Provider>
  );
}
