import { Alert, Box, Container, Grid, Group, Image, Paper, Stack } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BREAKPOINT_MOBILE } from '@lea/shared';
import { useDesign } from '../../../shell/design';
import { DocumentsTab } from '../components/documents-tab';
import { LanguageSwitch } from '../components/language-switch';
import { PlatformLinks } from '../components/platform-links';
import { PlatformLogo } from '../components/platform-logo';
import { LazyHtmlContent } from '../../../shell/lazy-html-content';

/** Login layout (spec 1 §2.2): platform branding beside the sign-in forms, stacked on mobile. */
export default function LoginLayout() {
  const { t } = useTranslation('auth');
  const { data: design } = useDesign();
  useDocumentTitle(design?.name ?? '');
  const homepageImage = design?.logos.logoHomepage ?? null;
  const homeAlert = design?.homeAlert?.trim() ? design.homeAlert : null;
  const hasAside = homepageImage !== null || homeAlert !== null;
  const isMobile = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE - 1}px)`, undefined, { getInitialValueInEffect: false });

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }} bg="var(--mantine-color-body)">
      <Group component="header" justify="space-between" px="lg" py="md" wrap="nowrap">
        <PlatformLogo design={design} />
        <LanguageSwitch />
      </Group>
      <Container component="main" size={hasAside ? 'lg' : 'xs'} w="100%" py="lg" style={{ flex: 1 }}>
        <Grid gap="xl" align="center">
          {hasAside && (
            <Grid.Col span={{ base: 12, sm: 6 }} order={{ base: 2, sm: 1 }}>
              <Stack gap="lg">
                {homeAlert && (
                  <Alert variant="light" radius="md" aria-label={t('layout.homeAlert')}>
                    <LazyHtmlContent html={homeAlert} />
                  </Alert>
                )}
                {homepageImage && (
                  // Never enlarged: a small logo-like image keeps its own size.
                  <Image src={homepageImage} alt="" radius="md" w="auto" maw="100%" mah={420} mx="auto" fit="contain" />
                )}
              </Stack>
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, sm: hasAside ? 6 : 12 }} order={{ base: 1, sm: 2 }}>
            <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} maw={460} mx="auto">
              <Outlet />
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
      <Box component="footer" px="lg" py="md">
        <PlatformLinks design={design}>{isMobile && <DocumentsTab inline />}</PlatformLinks>
      </Box>
      {!isMobile && <DocumentsTab />}
    </Box>
  );
}
