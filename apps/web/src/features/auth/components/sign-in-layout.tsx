import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { BREAKPOINT_MOBILE } from '@lea/shared/constants';
import { darkSchemeShade, generateShades, readableOn, LIGHT_TINT_GRAY, textOn } from '../../../shell/brand-colors';
import { useDesign } from '../../../shell/design';
import { useDocumentHead } from '../../../shell/document-head';
import classes from '../sign-in.module.css';
import { DocumentsTab } from './documents-tab';
import { LanguageSwitch } from './language-switch';
import { PlatformLinks } from './platform-links';
import { PlatformLogo } from './platform-logo';
import { SignInHtml } from './sign-in-dialog';

/** The brand colour in both schemes, as the app's theme draws it (filled buttons, their text, links). */
function brandVariables(principalColor: string | null | undefined): CSSProperties {
  const shades = generateShades(principalColor);
  const light = shades[6] as string;
  const dark = shades[darkSchemeShade(principalColor)] as string;
  return {
    '--si-brand-light': light,
    '--si-on-brand-light': textOn(light),
    '--si-link-light': readableOn(light, LIGHT_TINT_GRAY),
    '--si-brand-dark': dark,
    '--si-on-brand-dark': textOn(dark),
  } as CSSProperties;
}

/**
 * The sign-in pages' layout (spec 1 §2.2): the platform's branding beside the forms, stacked on a phone. Drawn without
 * Mantine, so that the login, the first page most people open, loads none of it (decision 034).
 */
export function SignInLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const { data: design } = useDesign();
  useDocumentHead(design?.name, design?.favicon);
  const homepageImage = design?.logos.logoHomepage ?? null;
  const homeAlert = design?.homeAlert?.trim() ? design.homeAlert : null;
  const hasAside = homepageImage !== null || homeAlert !== null;
  const isMobile = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE - 1}px)`, undefined, { getInitialValueInEffect: false });
  const brand = useMemo(() => brandVariables(design?.principalColor), [design?.principalColor]);

  return (
    <div className={classes.page} style={brand}>
      <header className={classes.header}>
        <PlatformLogo design={design} />
        <LanguageSwitch />
      </header>
      <main className={classes.main} data-aside={hasAside || undefined}>
        <div className={classes.columns}>
          {hasAside && (
            <div className={classes.aside}>
              {homeAlert && (
                <div className={classes.note} role="alert" aria-label={t('layout.homeAlert')}>
                  <SignInHtml html={homeAlert} />
                </div>
              )}
              {homepageImage && <img src={homepageImage} alt="" className={classes.homepageImage} />}
            </div>
          )}
          <div className={classes.card}>{children}</div>
        </div>
      </main>
      <footer>
        <PlatformLinks design={design}>{isMobile && <DocumentsTab inline />}</PlatformLinks>
      </footer>
      {!isMobile && <DocumentsTab />}
    </div>
  );
}
