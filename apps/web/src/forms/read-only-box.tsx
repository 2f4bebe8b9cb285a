import type { ReactNode } from 'react';
import { Box, Input } from '@mantine/core';

type Props = {
  id: string;
  /** The visible label; in a table, where the row title labels the value, `ariaLabel` names it instead. */
  label?: string;
  ariaLabel?: string;
  description?: string;
  children: ReactNode;
};

/**
 * A value that can no longer be changed (a signed answer, a read-only field), shown as text in a
 * bordered box: read-only at a glance, and as readable as body text (WCAG 1.4.3), which a
 * disabled input, greyed and faded by Mantine to about 1.75:1, is not.
 */
export function ReadOnlyBox({ id, label, ariaLabel, description, children }: Props) {
  const labelId = `${id}-label`;
  return (
    <Input.Wrapper id={id} label={label} labelElement="div" labelProps={{ id: labelId }} description={description}>
      <Box
        role="group"
        aria-labelledby={label ? labelId : undefined}
        aria-label={label ? undefined : ariaLabel}
        data-readonly
        mt={label ? 4 : 0}
        px="sm"
        py={6}
        c="var(--mantine-color-text)"
        bg="var(--mantine-color-body)"
        bd="1px dashed var(--mantine-color-default-border)"
        style={{ borderRadius: 'var(--mantine-radius-default)', overflowWrap: 'anywhere' }}
      >
        {children}
      </Box>
    </Input.Wrapper>
  );
}
