import { useId, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text, ThemeIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReplyIcon } from '@lea/shared';
import { ApiRequestError } from '../api-client';
import { useManagerAction, type ManagerAction, type ReplyTarget } from './questionnaire-queries';
import { useProfileTitle } from '../profile-title';

type Props = {
  action: ManagerAction;
  target: ReplyTarget;
  icon: ReplyIcon;
  color: string;
  /** The status lines of the plain icon's tooltip. */
  details: ReactNode;
  /** The status in one sentence: the button's description, its name being the action. */
  summary: string;
  children: ReactNode;
};

/** The server's refusal (409 "not ended yet", "not signed"…) says more than a generic notice. */
function failureMessage(error: unknown): string | undefined {
  return error instanceof ApiRequestError && error.status < 500 && error.message ? error.message : undefined;
}

/**
 * A status icon the course manager can act on (spec 2 §4, spec 3 §4): a signature to cancel or a
 * lock past its end date to open, after a confirmation since both reopen someone's reply.
 */
export function StatusActionButton({ action, target, icon, color, details, summary, children }: Props) {
  const { t } = useTranslation('questionnaire');
  const titleOf = useProfileTitle();
  const descriptionId = useId();
  const [confirming, setConfirming] = useState(false);
  const mutation = useManagerAction(action);
  const name = t(`managerActions.${action}.label.${target.profile}`);

  const run = () =>
    mutation.mutate(target, {
      onSuccess: () => notifications.show({ color: 'green', message: t(`managerActions.${action}.success`) }),
      onError: (error) => {
        const detail = failureMessage(error);
        notifications.show({
          color: 'red',
          title: detail ? t(`managerActions.${action}.error`) : undefined,
          message: detail ?? t(`managerActions.${action}.error`),
        });
      },
      onSettled: () => setConfirming(false),
    });

  return (
    <>
      <Tooltip
        withArrow
        multiline
        maw={260}
        events={{ hover: true, focus: true, touch: false }}
        label={
          <Stack gap={0}>
            {details}
            <Text size="xs" fs="italic">
              {name}
            </Text>
          </Stack>
        }
      >
        <ActionIcon
          variant="light"
          color={color}
          size={28}
          radius="xl"
          aria-label={name}
          aria-describedby={descriptionId}
          aria-haspopup="dialog"
          data-icon={icon}
          data-action={action}
          loading={mutation.isPending}
          onClick={() => setConfirming(true)}
        >
          {children}
        </ActionIcon>
      </Tooltip>
      <VisuallyHidden id={descriptionId}>{summary}</VisuallyHidden>
      <Modal
        opened={confirming}
        onClose={() => !mutation.isPending && setConfirming(false)}
        centered
        title={
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon color="orange" variant="light" radius="xl" size={28}>
              <IconAlertTriangle size={16} aria-hidden />
            </ThemeIcon>
            <Text fw={600}>{t(`managerActions.${action}.title`)}</Text>
          </Group>
        }
      >
        <Stack gap="md">
          <Text size="sm">{t(`managerActions.${action}.text`, { profile: titleOf(target.profile) })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={mutation.isPending}>
              {t('managerActions.back')}
            </Button>
            <Button color="orange" data-autofocus loading={mutation.isPending} onClick={run}>
              {t(`managerActions.${action}.confirm`)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
