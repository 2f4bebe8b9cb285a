import { useState } from 'react';
import { Alert, EmptyState, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconFileImport,
  IconFileSpreadsheet,
  IconFlask,
  IconMailForward,
  IconPlus,
  IconUserPlus,
  IconUsersGroup,
  IconUsersPlus,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GenericActionResponse, ManagerTriad, PersonSummary } from '@lea/shared';
import { useImpersonate } from '../../../shell/use-impersonate';
import { useReportAreaError } from '../../../back-office/area-error';
import { ActionList, type Action } from '../components/action-list';
import { ConfirmModal } from '../../../back-office/components/confirm-modal';
import { CrewCard } from '../components/crew-card';
import { LoadFallback } from '../../../back-office/components/load-fallback';
import { PageHeader } from '../../../shell/page-header';
import { actionFailure, deleteRecord, errorMessage } from '../../../back-office/entity-api';
import { useServerText } from '../../../back-office/server-text';
import { managerRoute } from '../entities';
import { generateTestTriad, removeTriadMember, useTriadList, type RemovableMemberType } from '../triad-api';
import { deleteWarning, type ManagerCrew } from '../triad-rules';

/** What the confirmation dialog is about. */
type Pending =
  | { kind: 'crew'; crew: ManagerCrew }
  | { kind: 'triad'; triad: ManagerTriad }
  | { kind: 'member'; triad: ManagerTriad; type: RemovableMemberType; person: PersonSummary };

const COMPACT_QUERY = '(max-width: 767px)';

/** The page's actions (spec 3 §2.2). */
function pageActions(courseId: number, onTestTriad: () => void, t: (key: string) => string): Action[] {
  return [
    { key: 'add-triad', label: t('triads.add'), icon: <IconPlus size={18} />, to: managerRoute(courseId, 'triad', 'triad', 'add') },
    { key: 'add-test', label: t('triads.addTest'), icon: <IconFlask size={18} />, onClick: onTestTriad },
    { key: 'add-crew', label: t('crews.add'), icon: <IconUsersPlus size={18} />, to: managerRoute(courseId, 'triad', 'crew', 'add') },
    {
      key: 'add-user',
      label: t('triads.addUser'),
      icon: <IconUserPlus size={18} />,
      to: managerRoute(courseId, 'triad', 'lea-user', 'add'),
    },
    {
      key: 'import',
      label: t('triads.import'),
      icon: <IconFileImport size={18} />,
      to: managerRoute(courseId, 'triad', 'triad', 'import'),
    },
    {
      key: 'update',
      label: t('triads.update'),
      icon: <IconFileSpreadsheet size={18} />,
      to: managerRoute(courseId, 'triad', 'triad', 'update'),
    },
    {
      key: 'send-infos',
      label: t('triads.sendInfos'),
      icon: <IconMailForward size={18} />,
      to: managerRoute(courseId, 'triad', 'send-user-infos'),
    },
  ];
}

/** /lea-manager/{course}/triad (leaManagerTriadList): one widget per crew and every triad action. */
export default function TriadListPage() {
  const { t } = useTranslation(['manager', 'common']);
  const courseId = Number(useParams().trainingCourseId);
  const compact = useMediaQuery(COMPACT_QUERY, undefined, { getInitialValueInEffect: false });
  const queryClient = useQueryClient();
  const list = useTriadList(courseId);
  useReportAreaError(list.error);
  const impersonate = useImpersonate();
  const [pending, setPending] = useState<Pending | null>(null);

  const serverText = useServerText();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['manager', courseId] });
  const settle = (success: string) => async (answer: GenericActionResponse) => {
    const failure = actionFailure(answer);
    notifications.show(
      failure === null
        ? { color: 'green', message: success }
        : { color: 'red', message: serverText(failure) || t('common:errors.generic') },
    );
    setPending(null);
    await refresh();
  };
  const fail = (fallback: string) => (error: unknown) => {
    const message = errorMessage(error);
    notifications.show({ color: 'red', message: message ? serverText(message) : fallback });
  };

  const testTriad = useMutation({
    mutationFn: () => generateTestTriad(courseId),
    onSuccess: async (answer) => {
      notifications.show(
        answer.hasError
          ? { color: 'red', message: answer.message || t('common:errors.save') }
          : { color: 'green', message: t('triads.testAdded') },
      );
      await refresh();
    },
    onError: fail(t('common:errors.save')),
  });
  const confirm = useMutation({
    mutationFn: (target: Pending) => {
      if (target.kind === 'crew') return deleteRecord({ kind: 'manager', courseId }, 'crew', target.crew.id ?? 0);
      if (target.kind === 'triad') return deleteRecord({ kind: 'manager', courseId }, 'triad', target.triad.id);
      return removeTriadMember(courseId, target.triad.id, target.type, target.person.id);
    },
    onSuccess: (answer, target) => settle(t(target.kind === 'member' ? 'triads.memberRemoved' : 'common:success'))(answer),
    onError: fail(t('common:errors.delete')),
  });

  const handlers = {
    onImpersonate: (person: Pick<PersonSummary, 'id'>) => impersonate.mutate(person.id),
    onRemoveMember: (triad: ManagerTriad, type: RemovableMemberType, person: PersonSummary) =>
      setPending({ kind: 'member', triad, type, person }),
    onDelete: (triad: ManagerTriad) => setPending({ kind: 'triad', triad }),
    busyUserId: impersonate.isPending ? (impersonate.variables ?? null) : null,
  };
  const crews = list.data?.crews ?? [];

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('triads.title')}
        actions={
          <ActionList
            actions={pageActions(courseId, () => testTriad.mutate(), t)}
            menuLabel={t('triads.pageActions')}
            compact={compact}
            variant="buttons"
          />
        }
      />
      {!list.data ? (
        <LoadFallback pending={list.isPending} failure={t('common:errors.generic')} />
      ) : crews.length === 0 ? (
        <EmptyState
          icon={<IconUsersGroup size={32} />}
          withIndicatorBackground
          title={t('triads.empty')}
          description={t('triads.emptyHint')}
        />
      ) : (
        crews.map((crew) => (
          <CrewCard
            key={crew.id ?? 'none'}
            courseId={courseId}
            crew={crew}
            compact={compact}
            onDeleteCrew={(target) => setPending({ kind: 'crew', crew: target })}
            handlers={handlers}
          />
        ))
      )}
      <ConfirmModal
        opened={pending !== null}
        title={pending ? t(`confirm.${pending.kind}.title`) : ''}
        message={confirmMessage(pending, t)}
        warning={
          pending?.kind === 'triad' && deleteWarning(pending.triad) ? (
            <Alert color="red" icon={<IconAlertTriangle />}>
              {t('triads.questionnaire_triad_already_signed')}
            </Alert>
          ) : undefined
        }
        confirmLabel={pending?.kind === 'member' ? t('confirm.member.action') : t('common:delete')}
        busy={confirm.isPending}
        onConfirm={() => pending && confirm.mutate(pending)}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}

function confirmMessage(pending: Pending | null, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (!pending) return '';
  if (pending.kind === 'crew') return t('confirm.crew.message', { title: pending.crew.title });
  if (pending.kind === 'member')
    return t('confirm.member.message', {
      name: pending.person.fullName,
      role: t(`columns.${pending.type === 2 ? 'tutor' : 'apprenticeMaster'}`),
    });
  return t('confirm.triad.message', { name: pending.triad.apprentice?.fullName ?? t('triads.unnamed', { id: pending.triad.id }) });
}
