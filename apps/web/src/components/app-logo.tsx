import type { AppIcon, AppSettings } from '@dms/domain';
import { resolveAppIcon, resolveLogoBackground } from '@dms/domain';
import { Box } from '@mantine/core';
import {
  IconBuilding,
  IconBus,
  IconCar,
  IconPackage,
  IconPlane,
  type IconProps,
  IconShip,
  IconTruck,
} from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';

const ICONS: Record<AppIcon, ComponentType<IconProps>> = {
  Truck: IconTruck,
  Bus: IconBus,
  Car: IconCar,
  Ship: IconShip,
  Plane: IconPlane,
  Package: IconPackage,
  Building: IconBuilding,
};

const SIZES = { sm: 32, md: 40, lg: 64 } as const;
export type AppLogoSize = keyof typeof SIZES;

const BACKGROUNDS = {
  transparent: { background: 'transparent', color: 'var(--mantine-primary-color-filled)', border: 'none' },
  white: {
    background: '#fff',
    color: 'var(--mantine-color-black)',
    border: '1px solid var(--mantine-color-default-border)',
  },
  black: { background: '#000', color: '#fff', border: 'none' },
} as const;

export interface AppLogoProps {
  branding: Pick<AppSettings, 'appName' | 'appIcon' | 'logoUrl' | 'logoBackground'>;
  size?: AppLogoSize;
}

/**
 * The logo widget (spec 1 §1): the custom logo image; the branding icon when there is no image or it
 * fails to load. Purely presentational: the caller passes the branding.
 */
export function AppLogo({ branding, size = 'md' }: AppLogoProps) {
  const { appName, logoUrl } = branding;
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const px = SIZES[size];
  const look = BACKGROUNDS[resolveLogoBackground(branding.logoBackground)];
  const showImage = !!logoUrl && failedUrl !== logoUrl;
  const Icon = ICONS[resolveAppIcon(branding.appIcon)];
  const padding = look.background === 'transparent' ? 0 : Math.round(px * 0.12);

  return (
    <Box
      data-testid="app-logo"
      data-logo-kind={showImage ? 'image' : 'icon'}
      {...(showImage ? {} : { role: 'img', 'aria-label': appName })}
      style={{
        width: px,
        height: px,
        flex: `0 0 ${px}px`,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        padding,
        boxSizing: 'border-box',
        ...look,
      }}
    >
      {showImage ? (
        <img
          src={logoUrl}
          alt={appName}
          onError={() => setFailedUrl(logoUrl)}
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      ) : (
        <Icon aria-hidden="true" focusable="false" size={Math.round(px * 0.7)} stroke={1.75} />
      )}
    </Box>
  );
}
