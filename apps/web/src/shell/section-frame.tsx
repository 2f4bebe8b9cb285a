import { EmptyState, Stack, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** A back-office section whose screens arrive with their own feature: its title and a plain notice. */
export function SectionFrame({ title, noticeTitle, notice }: { title: string; noticeTitle: string; notice: string }) {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <EmptyState icon={<IconTools size={32} />} withIndicatorBackground title={noticeTitle} description={notice} />
    </Stack>
  );
}
