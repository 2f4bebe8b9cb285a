import { Select, type SelectProps } from '@mantine/core';

/** The mobile login's platform choice, in a chunk of its own: only users of several platforms need it (decision 034). */
export default function PlatformSelect(props: SelectProps) {
  return <Select {...props} />;
}
