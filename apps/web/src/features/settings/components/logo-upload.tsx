import type { AppIcon, LogoBackground } from '@dms/domain';
import { Alert, Button, FileButton, Group, Input, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPhotoX, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { AppLogo } from '../../../components/app-logo';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { checkLogoFile, LOGO_ACCEPT } from '../api/logos';

const BACKGROUNDS: { value: LogoBackground; label: string }[] = [
  { value: 'transparent', label: 'Transparent' },
  { value: 'white', label: 'White' },
  { value: 'black', label: 'Black' },
];

export interface LogoUploadProps {
  /** The saved logo, if any. */
  storedUrl: string | null;
  /** A checked file waiting to be uploaded when the settings are saved. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  background: LogoBackground;
  onBackgroundChange: (background: LogoBackground) => void;
  /** Alt text of the image and name of the fallback icon. */
  name: string;
  icon?: AppIcon;
  /** Removes the saved logo (after the confirmation); resolves when done. */
  onRemove: () => Promise<unknown>;
  removing?: boolean;
  /** An upload or removal failure to show ('Failed to upload logo. Please try again.'). */
  failure?: string | null;
  onDismissFailure?: () => void;
  disabled?: boolean;
  /** Prefix of the test ids (several logo fields may share a page in future). */
  testId?: string;
}

/**
 * Logo picker of spec 2 §4: the file is checked in the browser (type, size), previewed with the
 * chosen background, and uploaded when the settings are saved. A saved logo can be removed after
 * a confirmation.
 */
export function LogoUpload({
  storedUrl,
  file,
  onFileChange,
  background,
  onBackgroundChange,
  name,
  icon = 'Truck',
  onRemove,
  removing = false,
  failure,
  onDismissFailure,
  disabled = false,
  testId = 'logo',
}: LogoUploadProps) {
  const [checkError, setCheckError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const resetRef = useRef<() => void>(null);
  const id = useId();

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (picked: File | null) => {
    // The same file may be picked again after a refusal or a discard.
    resetRef.current?.();
    if (!picked) return;
    const problem = checkLogoFile(picked);
    setCheckError(problem);
    onDismissFailure?.();
    if (problem) return;
    onFileChange(picked);
  };

  const shownUrl = previewUrl ?? storedUrl;
  const alert = checkError ?? failure ?? null;

  return (
    <Stack gap="sm" data-testid={testId}>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Paper
          withBorder
          w={112}
          h={112}
          radius="md"
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            flex: '0 0 auto',
            // A light checkerboard shows what "transparent" means.
            backgroundImage:
              'repeating-conic-gradient(var(--mantine-color-default-hover) 0% 25%, transparent 0% 50%)',
            backgroundSize: '16px 16px',
          }}
          aria-label="Logo preview"
          role="figure"
          data-testid={`${testId}-preview`}
          data-preview-src={shownUrl ?? ''}
        >
          <AppLogo
            branding={{ appName: name, appIcon: icon, logoUrl: shownUrl, logoBackground: background }}
            size="lg"
          />
        </Paper>
        <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
          <Text size="sm" c="dimmed" id={`${id}-help`}>
            Recommended size: 256x256 pixels (square). PNG, JPG, JPEG, SVG or WebP, less than 5MB.
          </Text>
          {file ? (
            <Text size="sm" data-testid={`${testId}-pending`}>
              <Text span fw={600}>
                {file.name}
              </Text>{' '}
              is uploaded when you save.
            </Text>
          ) : !storedUrl ? (
            <Text size="sm" c="dimmed">
              No logo: the default icon is shown.
            </Text>
          ) : null}
          <Group gap="sm" mt={4}>
            <FileButton
              onChange={pick}
              accept={LOGO_ACCEPT}
              resetRef={resetRef}
              disabled={disabled}
              inputProps={
                { 'aria-describedby': `${id}-help`, 'data-testid': `${testId}-file-input` } as object
              }
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={16} aria-hidden="true" />}
                  disabled={disabled}
                  aria-describedby={`${id}-help`}
                >
                  {storedUrl || file ? 'Change Logo' : 'Upload Logo'}
                </Button>
              )}
            </FileButton>
            {file ? (
              <Button
                variant="subtle"
                color="gray"
                leftSection={<IconX size={16} aria-hidden="true" />}
                onClick={() => onFileChange(null)}
                disabled={disabled}
              >
                Discard new logo
              </Button>
            ) : storedUrl ? (
              <Button
                variant="light"
                color="red"
                leftSection={<IconPhotoX size={16} aria-hidden="true" />}
                onClick={() => setConfirming(true)}
                loading={removing}
                disabled={disabled}
              >
                Remove Logo
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Group>

      <Input.Wrapper label="Logo Background" labelElement="div" labelProps={{ id: `${id}-background-label` }}>
        <div>
          <SegmentedControl
            mt={4}
            data={BACKGROUNDS}
            value={background}
            onChange={(value) => onBackgroundChange(value as LogoBackground)}
            disabled={disabled}
            aria-labelledby={`${id}-background-label`}
            data-testid={`${testId}-background`}
          />
        </div>
      </Input.Wrapper>

      {alert ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => {
            setCheckError(null);
            onDismissFailure?.();
          }}
          data-testid={`${testId}-alert`}
        >
          {alert}
        </Alert>
      ) : null}

      <ConfirmDialog
        opened={confirming}
        title="Remove Logo"
        message="Are you sure you want to remove the logo? The default icon is shown instead."
        confirmLabel="Remove"
        confirmColor="red"
        loading={removing}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          void onRemove().finally(() => setConfirming(false));
        }}
        data-testid={`${testId}-remove-confirm`}
      />
    </Stack>
  );
}
