import {
  createFormatters,
  currencyCodes,
  DEFAULT_HOURS_RULE_SET_ID,
  HOURS_RULE_SET_OPTIONS,
  type HoursRuleSetId,
  LICENCE_CLASS_SET_OPTIONS,
  type LicenceClassSetId,
  type LogoBackground,
  OPERATOR_LOCALES,
  UpdateAppSettingsInputSchema,
} from '@dms/domain';
import {
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo } from 'react';
import { QueryState } from '../../../components/query-state';
import { validateForm } from '../../../lib/form-errors';
import { type BrandingForm, useBrandingForm, useDeleteAppLogo, useUpdateBranding } from '../api/branding';
import { LogoUpload } from '../components/logo-upload';
import { SettingsPanelHeader } from '../components/settings-panel-header';
import { SettingsSection } from '../components/settings-section';
import { useLogoSettingsForm } from '../components/use-logo-settings-form';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';

interface GeneralValues {
  appName: string;
  appDescription: string;
  tagline: string;
  logoBackground: LogoBackground;
  currency: string;
  locale: string;
  hoursRuleSet: HoursRuleSetId;
  licenceClassSet: LicenceClassSetId;
  signOnMinutes: number | string;
  signOffMinutes: number | string;
}

/** 'AUD · Australian Dollar', for every currency the browser knows. */
function useCurrencyOptions() {
  return useMemo(() => {
    const names = new Intl.DisplayNames(['en'], { type: 'currency' });
    return currencyCodes().map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` }));
  }, []);
}

/** 'English (Australia) · en-AU'. */
function useLocaleOptions() {
  return useMemo(() => {
    const names = new Intl.DisplayNames(['en'], { type: 'language' });
    return OPERATOR_LOCALES.map((tag) => ({ value: tag, label: `${names.of(tag) ?? tag} · ${tag}` }));
  }, []);
}

/** How the chosen currency and locale write an amount and a moment, before saving. */
function FormatExample({
  currency,
  locale,
  timeZone,
}: {
  currency: string;
  locale: string;
  timeZone: string;
}) {
  const f = createFormatters({ currency, locale, timeZone });
  return (
    <Text size="sm" c="dimmed" data-testid="format-example">
      Example: {f.money(31620)} · {f.dateTime('2026-11-23T22:05:00Z')} ({timeZone})
    </Text>
  );
}

function valuesOf(settings: BrandingForm): GeneralValues {
  return {
    appName: settings.appName,
    appDescription: settings.appDescription,
    tagline: settings.tagline,
    logoBackground: settings.logoBackground,
    currency: settings.currency,
    locale: settings.locale,
    hoursRuleSet: settings.hoursRuleSet,
    licenceClassSet: settings.licenceClassSet,
    signOnMinutes: settings.signOnMinutes,
    signOffMinutes: settings.signOffMinutes,
  };
}

/** /settings/general: branding (spec 2 §2.7 General, §4 logo upload). */
export default function GeneralPanel() {
  const query = useBrandingForm();
  const form = useForm<GeneralValues>({
    initialValues: {
      appName: '',
      appDescription: '',
      tagline: '',
      logoBackground: 'transparent',
      currency: 'AUD',
      locale: 'en-AU',
      hoursRuleSet: DEFAULT_HOURS_RULE_SET_ID,
      licenceClassSet: 'au',
      signOnMinutes: 30,
      signOffMinutes: 15,
    },
    validate: (values) => validateForm(UpdateAppSettingsInputSchema, values).errors,
  });
  // The form starts from the stored branding once it has loaded.
  const loaded = query.data;
  const currencies = useCurrencyOptions();
  const locales = useLocaleOptions();
  const { save, saving, logo } = useLogoSettingsForm({
    form,
    loaded,
    fetching: query.isFetching,
    valuesOf,
    update: useUpdateBranding(),
    removeLogo: useDeleteAppLogo(),
    onSaved: () => notifySettingsSuccess('App settings', 'update'),
    onSaveFailed: (error) => notifySettingsFailure('App settings', 'update', error),
  });

  return (
    <>
      <SettingsPanelHeader
        title="General"
        description="The name, description, tagline and logo shown in the header, on the sign-in card and on the driver terminal; your currency and locale."
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
              <SettingsSection
                title="Logo"
                description="Replaces the default icon wherever the app name is shown."
              >
                <LogoUpload
                  {...logo}
                  storedUrl={loaded.logoUrl}
                  background={form.values.logoBackground}
                  onBackgroundChange={(value) => form.setFieldValue('logoBackground', value)}
                  name={form.values.appName || loaded.appName}
                  icon={loaded.appIcon}
                  testId="app-logo-upload"
                />
              </SettingsSection>

              <SettingsSection
                title="App Details"
                description="How the app introduces itself to managers and drivers."
              >
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
              </SettingsSection>

              <SettingsSection
                title="Currency and Locale"
                description="How money, numbers and dates are written for your managers and drivers. Each job keeps its own currency; it is named beside its amounts when it differs from yours."
              >
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    label="Currency"
                    required
                    searchable
                    allowDeselect={false}
                    data={currencies}
                    {...form.getInputProps('currency')}
                    data-testid="currency-select"
                  />
                  <Select
                    label="Locale"
                    required
                    searchable
                    allowDeselect={false}
                    data={locales}
                    {...form.getInputProps('locale')}
                    data-testid="locale-select"
                  />
                </SimpleGrid>
                <FormatExample
                  currency={form.values.currency}
                  locale={form.values.locale}
                  timeZone={loaded.timeZone}
                />
              </SettingsSection>

              <SettingsSection
                title="Driver Hours"
                description="Allocating a driver is checked against these work and rest rules, counting what the terminal recorded and the jobs the driver holds."
              >
                <Select
                  label="Rule set"
                  required
                  allowDeselect={false}
                  data={HOURS_RULE_SET_OPTIONS}
                  {...form.getInputProps('hoursRuleSet')}
                />
                <Select
                  label="Licence classes"
                  description="The classes drivers' licences are recorded in and vehicle categories need; each covers those before it."
                  required
                  allowDeselect={false}
                  data={LICENCE_CLASS_SET_OPTIONS}
                  {...form.getInputProps('licenceClassSet')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <NumberInput
                    label="Sign-on allowance (minutes)"
                    description="Work before a job's first departure"
                    min={0}
                    max={240}
                    allowDecimal={false}
                    {...form.getInputProps('signOnMinutes')}
                  />
                  <NumberInput
                    label="Sign-off allowance (minutes)"
                    description="Work after a job's last arrival"
                    min={0}
                    max={240}
                    allowDecimal={false}
                    {...form.getInputProps('signOffMinutes')}
                  />
                </SimpleGrid>
              </SettingsSection>

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
