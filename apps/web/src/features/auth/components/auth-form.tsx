import type { FormEvent, ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

/** The frame of the sign-in pages' forms: the page title, an optional intro, then the fields. */
export function AuthForm({
  title,
  intro,
  onSubmit,
  children,
}: {
  title: string;
  intro?: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
        {children}
      </Stack>
    </form>
  );
}
