import { LOGO_MESSAGES, type LogoBackground, UpdateAppSettingsInputSchema } from '@dms/domain';
import { Button, Card, Group, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { validateForm } from '../../../lib/form-errors';
import { showToast } from '../../../lib/toast';
import { type BrandingForm, useBrandingForm, useDeleteAppLogo, useUpdateBranding } from '../api/branding';
import { useUploadLogo } from '../api/logos';
import { LogoUpload } from '../components/logo-upload';
import { QueryState } from '../components/query-state';
import { SettingsPanelHeader } from '../components/settings-panel-header';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';

interface GeneralValues {
  appName: string;
  appDescription: string;
  tagline: string;
  logoBackground: LogoBackground;
}

function valuesOf(settings: BrandingForm): GeneralValues {
  return {
    appName: settings.appName,
    appDescription: settings.appDescription,
    tagline: settings.tagline,
    logoBackground: settings.logoBackground,
  };
}

function SectionTitle({ title, description }: { title: string; description: string }) {
  return (
    <Stack gap={2}>
      <Title order={3} size="h5">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </Stack>
  );
}

/** /settings/general: branding (spec 2 §2.7 General, §4 logo upload). */
export default function GeneralPanel() {
  const query = useBrandingForm();
  const update = useUpdateBranding();
  const upload = useUploadLogo();
  const removeLogo = useDeleteAppLogo();
  const [file, setFile] = useState<File | null>(null);
  const [logoFailure, setLogoFailure] = useState<string | null>(null);

  const form = useForm<GeneralValues>({
    initialValues: { appName: '', appDescription: '', tagline: '', logoBackground: 'transparent' },
    validate: (values) => validateForm(UpdateAppSettingsInputSchema, values).errors,
  });

  // The form starts from the stored branding once it has loaded.
  const loaded = query.data;
  // The version the form was loaded with (optimistic locking): a save from a stale form is refused.
  const version = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: initialise once, from the fresh record
  useEffect(() => {
    if (!loaded || form.initialized || query.isFetching) return;
    version.current = loaded.version;
    form.initialize(valuesOf(loaded));
  }, [loaded, query.isFetching]);

  const saving = upload.isPending || update.isPending;

  const save = form.onSubmit(async (values) => {
    if (!loaded) return;
    setLogoFailure(null);
    let logoUrl = loaded.logoUrl;
    if (file) {
      try {
        logoUrl = await upload.mutateAsync(file);
      } catch {
        setLogoFailure(LOGO_MESSAGES.uploadFailed);
        return;
      }
    }
    update.mutate(
      { ...values, logoUrl, version: version.current },
      {
        onSuccess: (saved) => {
          version.current = saved.version;
          setFile(null);
          form.setInitialValues(valuesOf(saved));
          form.setValues(valuesOf(saved));
          form.resetDirty(valuesOf(saved));
          notifySettingsSuccess('App settings', 'update');
        },
        onError: (error) => notifySettingsFailure('App settings', 'update', error),
      },
    );
  });

  const remove = async () => {
    setLogoFailure(null);
    try {
      const result = await removeLogo.mutateAsync();
      version.current = result.version;
      showToast({ tone: 'success', title: 'Success', message: result.message });
    } catch {
      setLogoFailure(LOGO_MESSAGES.deleteFailed);
    }
  };

  return (
    <>
      <SettingsPanelHeader
        title="General"
        description="The name, description, tagline and logo shown in the header, on the sign-in card and on the driver terminal."
      />
      <QueryState
        query={query}
        isEmpty={false}
        empty={null}
        errorTitle="Could not load the app settings"
        skeletonRows={4}
      >
        {loaded && form.initialized ? (
          <form onSubmit={save} noValidate aria-label="App settings" data-testid="general-settings-form">
            <Stack gap="lg">
              <Card padding="lg">
                <Stack gap="md">
                  <SectionTitle
                    title="Logo"
                    description="Replaces the default icon wherever the app name is shown."
                  />
                  <LogoUpload
                    storedUrl={loaded.logoUrl}
                    file={file}
                    onFileChange={(next) => {
                      setLogoFailure(null);
                      setFile(next);
                    }}
                    background={form.values.logoBackground}
                    onBackgroundChange={(value) => form.setFieldValue('logoBackground', value)}
                    name={form.values.appName || loaded.appName}
                    icon={loaded.appIcon}
                    onRemove={remove}
                    removing={removeLogo.isPending}
                    failure={logoFailure}
                    onDismissFailure={() => setLogoFailure(null)}
                    disabled={saving}
                    testId="app-logo-upload"
                  />
                </Stack>
              </Card>

              <Card padding="lg">
                <Stack gap="md">
                  <SectionTitle
                    title="App Details"
                    description="How the app introduces itself to managers and drivers."
                  />
                  <TextInput
                    label="App Name"
                    required
                    maxLength={100}
                    {...form.getInputProps('appName')}
                    data-testid="app-name-input"
                  />
                  <TextInput
                    label="Description"
                    description="Shown under the name on the sign-in card"
                    maxLength={200}
                    {...form.getInputProps('appDescription')}
                  />
                  <Textarea
                    label="Tagline"
                    description="A short line about your service"
                    autosize
                    minRows={2}
                    maxLength={200}
                    {...form.getInputProps('tagline')}
                  />
                </Stack>
              </Card>

              <Group justify="flex-end">
                <Button
                  type="submit"
                  loading={saving}
                  leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
                >
                  Save Settings
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Skeleton h={320} radius="md" />
        )}
      </QueryState>
    </>
  );
}
