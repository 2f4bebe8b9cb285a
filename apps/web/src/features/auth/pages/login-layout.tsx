import { Outlet } from 'react-router';
import { SignInLayout } from '../components/sign-in-layout';

/** The /login family's layout route (spec 1 §2.2): each sign-in page inside the platform's branding. */
export default function LoginLayout() {
  return (
    <SignInLayout>
      <Outlet />
    </SignInLayout>
  );
}
