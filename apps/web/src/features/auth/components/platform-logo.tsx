import { Anchor, Image, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Design } from '@lea/shared';

/** The organisation's logo (or the product mark) leading back to the login page. */
export function PlatformLogo({ design }: { design: Design | undefined }) {
  const { t } = useTranslation('auth');
  const logo = design?.logos.logoCfa ?? design?.logos.logoType ?? null;
  return (
    <Anchor component={Link} to="/login" underline="never" aria-label={t('layout.homeLink')}>
      {logo ? (
        // A fixed box: the header does not wrap or move when the logo arrives (layout shift, decision 034).
        <Image
          src={logo}
          alt={t('layout.logoAlt', { name: design?.name ?? '' })}
          h={56}
          w={180}
          maw="50vw"
          fit="contain"
          style={{ objectPosition: 'left center' }}
        />
      ) : (
        <Text component="span" fw={800} fz={36} lh={1} c="var(--mantine-primary-color-filled)" ff="heading">
          lea
        </Text>
      )}
    </Anchor>
  );
}
