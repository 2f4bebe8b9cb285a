import { Navigate, useParams } from 'react-router';
import { NewPasswordForm } from '../components/new-password-form';

/** loginNewPassword: the path carries the reset hash. */
export default function NewPasswordPage() {
  const { hash } = useParams();
  if (!hash) return <Navigate to="/login/reset-password" replace />;
  return <NewPasswordForm hash={hash} />;
}
