import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './api-client';
import { useOnline } from './needs-network';

type Props<K extends string> = {
  /** The call that reads (GET) and sets (PUT) the preference: `{[field]: boolean}` both ways. */
  path: string;
  field: K;
  schema: z.ZodType<Record<K, boolean>>;
  queryKey: readonly unknown[];
  texts: { label: string; description?: string; on: string; off: string; error: string };
};

/** An on/off preference the reader sets for themself (mails for messages, the weekly digest), saved at once. */
export function PreferenceSwitch<K extends string>({ path, field, schema, queryKey, texts }: Props<K>) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const setting = useQuery({ queryKey, queryFn: () => apiRequest(path, { schema }) });
  const save = useMutation({
    mutationFn: (value: boolean) => apiRequest(path, { method: 'PUT', body: { [field]: value }, schema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, answer);
      notifications.show({ color: 'green', message: answer[field] ? texts.on : texts.off });
    },
    onError: () => notifications.show({ color: 'red', message: texts.error }),
  });
  if (!setting.data) return null;
  return (
    <Switch
      label={texts.label}
      description={texts.description}
      checked={save.isPending ? (save.variables ?? setting.data[field]) : setting.data[field]}
      disabled={!online || save.isPending}
      onChange={(event) => save.mutate(event.currentTarget.checked)}
    />
  );
}
