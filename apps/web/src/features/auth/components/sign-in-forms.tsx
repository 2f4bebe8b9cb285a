import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINT_MOBILE } from '@lea/shared/constants';
import { LoginForm, type OnAuthenticated } from './login-form';
import { MobileLoginForm } from './mobile-login-form';
import { SignInAlternatives } from './sign-in-alternatives';

/** Login (spec 1 §2.3, §2.4): the web form, or the two-step mobile form under 768 px, then the other ways to sign in. */
export function SignInForms({ onAuthenticated }: { onAuthenticated: OnAuthenticated }) {
  const isMobile = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE - 1}px)`, undefined, { getInitialValueInEffect: false });
  return (
    <>
      {isMobile ? <MobileLoginForm onAuthenticated={onAuthenticated} /> : <LoginForm onAuthenticated={onAuthenticated} />}
      <SignInAlternatives />
    </>
  );
}
