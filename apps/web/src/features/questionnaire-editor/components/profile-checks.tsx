import { Checkbox, Group } from '@mantine/core';
import { useProfileTitle } from '../../../shell/profile-title';

type Props = {
  label: string;
  description?: string;
  value: readonly number[];
  /** The profiles offered (spec 3 §5: a signer only among those who may view). */
  profiles?: readonly number[];
  onChange: (value: number[]) => void;
  error?: string | undefined;
  required?: boolean;
};

const ALL_PROFILES = [1, 2, 3, 4] as const;

/** A list of profiles (1 apprentice, 2 tutor, 3 apprentice master, 4 manager) as checkboxes. */
export function ProfileChecks({ label, description, value, profiles = ALL_PROFILES, onChange, error, required }: Props) {
  const titleOf = useProfileTitle();
  return (
    <Checkbox.Group
      label={label}
      description={description}
      withAsterisk={required}
      error={error}
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number).sort((a, b) => a - b))}
    >
      <Group gap="md" mt={6}>
        {profiles.map((profile) => (
          <Checkbox key={profile} value={String(profile)} label={titleOf(profile)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
