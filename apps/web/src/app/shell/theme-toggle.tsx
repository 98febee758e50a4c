import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/**
 * Light/dark switch; the choice is stored under localStorage `theme` by the colour-scheme manager.
 * `size` in px; the terminal passes 56 for its touch targets.
 */
export function ThemeToggle({ size = 34 }: { size?: number }) {
  const iconSize = Math.round(size * 0.55);
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const dark = computed === 'dark';
  return (
    <ActionIcon
      size={size}
      variant="default"
      aria-label="Toggle color scheme"
      title={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      data-testid="theme-toggle"
      data-color-scheme={computed}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      {dark ? (
        <IconSun size={iconSize} stroke={1.75} aria-hidden="true" />
      ) : (
        <IconMoon size={iconSize} stroke={1.75} aria-hidden="true" />
      )}
    </ActionIcon>
  );
}
