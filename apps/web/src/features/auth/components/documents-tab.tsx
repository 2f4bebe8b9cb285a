import { useState } from 'react';
import { IconDownload, IconFiles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../../shell/api-client';
import { useHomeDocuments } from '../sign-in-api';
import classes from '../sign-in.module.css';
import { SignInDialog } from './sign-in-dialog';

/**
 * The platform's global documents in a drawer, opened by a tab on the right edge or, on a
 * phone where that tab would cover the content, by a link among the footer links (`inline`).
 */
export function DocumentsTab({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation('auth');
  const [opened, setOpened] = useState(false);
  const { data } = useHomeDocuments();
  const documents = data?.documents ?? [];
  if (documents.length === 0) return null;
  return (
    <>
      {inline ? (
        <button type="button" className={classes.link} onClick={() => setOpened(true)}>
          {t('layout.documents')}
        </button>
      ) : (
        <button type="button" className={classes.button} data-side onClick={() => setOpened(true)}>
          <IconFiles size={16} aria-hidden />
          {t('layout.documents')}
        </button>
      )}
      {opened && (
        <SignInDialog title={t('layout.documents')} drawer onClose={() => setOpened(false)}>
          <ul className={classes.documents}>
            {documents.map((document) => (
              <li key={document.id}>
                <a
                  href={fileUrl(document.file)}
                  download={document.file.originalName}
                  title={t('layout.downloadDocument', { title: document.title })}
                  className={classes.link}
                >
                  <span>{document.title}</span>
                  <IconDownload size={18} aria-hidden />
                </a>
              </li>
            ))}
          </ul>
        </SignInDialog>
      )}
    </>
  );
}
