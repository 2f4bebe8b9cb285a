import { useTranslation } from 'react-i18next';
import { useDataAgreement } from '../../../shell/design';
import classes from '../sign-in.module.css';
import { SignInDialog, SignInHtml } from './sign-in-dialog';

/** A platform text of the login footer: its HTML, or (html null) the three privacy notices. */
export type PlatformText = { title: string; html: string | null };

const NOTICES = ['learnerPrivacy', 'professionalTutorPrivacy', 'pedagogicTutorPrivacy'] as const;

/** The three privacy notices: learner, professional tutor, pedagogic tutor; the first one open. */
function PersonalDataNotices() {
  const { t } = useTranslation('auth');
  const { data, isPending, isError } = useDataAgreement();
  if (isPending) return <span className={classes.spinner} role="status" aria-label={t('common:loading')} />;
  if (isError) return <p className={classes.error}>{t('common:errors.generic')}</p>;
  return (
    <>
      {NOTICES.map((notice, index) => (
        <details key={notice} className={classes.notice} open={index === 0}>
          <summary>{t(`layout.notices.${notice}`)}</summary>
          <div>{data[notice] ? <SignInHtml html={data[notice]} /> : <p className={classes.intro}>{t('layout.noNotice')}</p>}</div>
        </details>
      ))}
    </>
  );
}

/** The dialog of a footer link (presentation, legal notice, terms, personal data). */
export function PlatformTextModal({ text, onClose }: { text: PlatformText; onClose: () => void }) {
  return (
    <SignInDialog title={text.title} onClose={onClose}>
      {text.html === null ? <PersonalDataNotices /> : <SignInHtml html={text.html} />}
    </SignInDialog>
  );
}
