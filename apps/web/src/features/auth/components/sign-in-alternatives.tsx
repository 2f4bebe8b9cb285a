import { Stack } from '@mantine/core';
import { SsoButtons } from './sso-buttons';

/** The other ways to sign in, under the password forms (web and mobile): single sign-on, then by e-mail. */
export function SignInAlternatives() {
  return (
    <Stack gap="xs" mt="md">
      <SsoButtons />
    </Stack>
  );
}
