import type { ReactNode } from 'react';
import { Button, EmptyState } from '@mantine/core';
import { Link } from 'react-router';

/** What a triad page shows before a triad is chosen: its message and a button to the course list. */
export function NoTriadState({ icon, title, action }: { icon: ReactNode; title: string; action: string }) {
  return (
    <EmptyState icon={icon} withIndicatorBackground title={title}>
      <EmptyState.Actions>
        <Button component={Link} to="/dashboard/training-course-list">
          {action}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
