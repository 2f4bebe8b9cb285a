import { Navigate, useParams } from 'react-router';
import { ConfirmEmail } from '../components/confirm-email';

/** loginConfirmEmail: the path carries the token of the e-mail change's confirmation link. */
export default function ConfirmEmailPage() {
  const { token } = useParams();
  if (!token) return <Navigate to="/login" replace />;
  return <ConfirmEmail token={token} />;
}
