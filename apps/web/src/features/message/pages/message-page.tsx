import { useCurrentTriadId } from '../../../shell/current-triad';
import { MessagingScreen } from '../components/messaging-screen';

/** /dashboard/message[/:id|/new] (MODULE_LEA_MESSAGE, routes showMessage and newMessage): the current triad's people. */
export default function MessagePage() {
  const triadId = useCurrentTriadId();
  return <MessagingScreen area={{ kind: 'front', triadId }} basePath="/dashboard/message" />;
}
