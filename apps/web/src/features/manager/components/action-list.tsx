import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { Link } from 'react-router';

/** One action of a screen or a row: a link or a click, possibly disabled with its reason. */
export type Action = {
  key: string;
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
  disabled?: boolean;
  /** Shown on hover while disabled (spec 3 §4: cannot_remove). */
  hint?: string;
  color?: string;
};

type Props = { actions: Action[]; menuLabel: string; compact: boolean; variant: 'buttons' | 'icons' };

/** The link of an enabled link action, else null (the control is a button). */
function linkOf(action: Action): string | null {
  return action.to && !action.disabled ? action.to : null;
}

/** Buttons (or icon buttons) on a wide screen, one menu on a phone (spec 3 §2.2 at 390 px). */
export function ActionList({ actions, menuLabel, compact, variant }: Props) {
  if (compact) {
    return (
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label={menuLabel}>
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map((action) => {
            const to = linkOf(action);
            const common = {
              leftSection: action.icon,
              disabled: action.disabled,
              color: action.color,
              title: action.disabled ? action.hint : undefined,
            };
            const label = `${action.label}${action.disabled && action.hint ? ` (${action.hint})` : ''}`;
            return to ? (
              <Menu.Item key={action.key} component={Link} to={to} {...common}>
                {label}
              </Menu.Item>
            ) : (
              <Menu.Item key={action.key} onClick={action.onClick} {...common}>
                {label}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    );
  }
  return (
    <Group gap={variant === 'icons' ? 4 : 'xs'} wrap="wrap" justify="flex-end">
      {actions.map((action) => {
        const to = linkOf(action);
        const control =
          variant === 'icons' ? (
            to ? (
              <ActionIcon component={Link} to={to} variant="subtle" color={action.color ?? 'gray'} size="lg" aria-label={action.label}>
                {action.icon}
              </ActionIcon>
            ) : (
              <ActionIcon
                variant="subtle"
                color={action.color ?? 'gray'}
                size="lg"
                aria-label={action.label}
                disabled={action.disabled}
                onClick={action.onClick}
              >
                {action.icon}
              </ActionIcon>
            )
          ) : to ? (
            <Button component={Link} to={to} variant="light" size="sm" color={action.color} leftSection={action.icon}>
              {action.label}
            </Button>
          ) : (
            <Button
              variant="light"
              size="sm"
              color={action.color}
              leftSection={action.icon}
              disabled={action.disabled}
              onClick={action.onClick}
            >
              {action.label}
            </Button>
          );
        const tip = action.disabled ? action.hint : variant === 'icons' ? action.label : undefined;
        return tip ? (
          <Tooltip key={action.key} label={tip} withArrow>
            {/* A disabled control gets no pointer events: the wrapper carries the hint. */}
            <span style={{ display: 'inline-flex' }}>{control}</span>
          </Tooltip>
        ) : (
          <span key={action.key} style={{ display: 'inline-flex' }}>
            {control}
          </span>
        );
      })}
    </Group>
  );
}
