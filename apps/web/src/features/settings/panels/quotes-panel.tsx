import {
  DEFAULT_DOCUMENT_COLORS,
  DEFAULT_QUOTE_FOOTER_TEXT,
  DEFAULT_QUOTE_HEADER_TEXT,
  DEFAULT_QUOTE_VALID_DAYS,
  type DocumentSettings,
  DocumentSettingsInputSchema,
  defaultTaxLabel,
  type LogoBackground,
  STALE_RECORD_MESSAGE,
} from '@dms/domain';
import {
  Button,
  ColorInput,
  Divider,
  Group,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconExternalLink, IconPalette } from '@tabler/icons-react';
import { QueryState } from '../../../components/query-state';
import { isApiError } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { validateForm } from '../../../lib/form-errors';
import { showToast } from '../../../lib/toast';
import { useDeleteDocumentLogo, useDocumentSettings, useUpdateDocumentSettings } from '../api/documents';
import { LogoUpload } from '../components/logo-upload';
import { quotePreviewHref } from '../components/quote-color-preview';
import { QuoteLinkSettingsCard } from '../components/quote-link-settings-card';
import { SettingsPanelHeader } from '../components/settings-panel-header';
import { SettingsSection } from '../components/settings-section';
import { TermsTemplatesList } from '../components/terms-templates-list';
import { useLogoSettingsForm } from '../components/use-logo-settings-form';

interface QuoteValues {
  companyName: string;
  companyWebsite: string;
  companyAddress: string;
  companyPhone: string;
  companyEmail: string;
  companyABN: string;
  logoBackground: LogoBackground;
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  quoteHeaderText: string;
  quoteFooterText: string;
  showLoyaltyFooter: boolean;
  showVehicleNotes: boolean;
  showTermsAndConditions: boolean;
  showPricingBreakdown: boolean;
  quoteValidDays: number | string;
  taxLabel: string;
}

function valuesOf(s: DocumentSettings): QuoteValues {
  return {
    companyName: s.companyName ?? '',
    companyWebsite: s.companyWebsite ?? '',
    companyAddress: s.companyAddress ?? '',
    companyPhone: s.companyPhone ?? '',
    companyEmail: s.companyEmail ?? '',
    companyABN: s.companyABN ?? '',
    logoBackground: s.logoBackground,
    primaryColor: s.primaryColor || DEFAULT_DOCUMENT_COLORS.primaryColor,
    secondaryColor: s.secondaryColor || DEFAULT_DOCUMENT_COLORS.secondaryColor,
    accentColor: s.accentColor || DEFAULT_DOCUMENT_COLORS.accentColor,
    quoteHeaderText: s.quoteHeaderText || DEFAULT_QUOTE_HEADER_TEXT,
    quoteFooterText: s.quoteFooterText ?? DEFAULT_QUOTE_FOOTER_TEXT,
    showLoyaltyFooter: s.showLoyaltyFooter,
    showVehicleNotes: s.showVehicleNotes,
    showTermsAndConditions: s.showTermsAndConditions,
    showPricingBreakdown: s.showPricingBreakdown,
    quoteValidDays: s.quoteValidDays,
    taxLabel: s.taxLabel ?? '',
  };
}

/** Colours offered under each colour field: the defaults first, then sober document colours. */
const SWATCHES = [
  DEFAULT_DOCUMENT_COLORS.primaryColor,
  DEFAULT_DOCUMENT_COLORS.secondaryColor,
  DEFAULT_DOCUMENT_COLORS.accentColor,
  '#0f172a',
  '#334155',
  '#1d4ed8',
  '#0369a1',
  '#0f766e',
  '#15803d',
  '#4d7c0f',
  '#b45309',
  '#c2410c',
  '#b91c1c',
  '#be185d',
  '#7e22ce',
  '#4338ca',
];

const COLOR_FIELDS = [
  { field: 'primaryColor', label: 'Primary Color', description: 'Header band and table headings' },
  { field: 'secondaryColor', label: 'Secondary Color', description: 'Section titles and labels' },
  { field: 'accentColor', label: 'Accent Color', description: 'Totals, highlights and the footer' },
] as const;

const SECTION_SWITCHES = [
  {
    field: 'showVehicleNotes',
    label: 'Vehicle notes',
    description: 'The notes on each vehicle that are meant for the customer',
  },
  {
    field: 'showTermsAndConditions',
    label: 'Terms and conditions',
    description: "The job's terms and conditions text",
  },
  {
    field: 'showPricingBreakdown',
    label: 'Pricing breakdown',
    description: 'Base price, extra charges, discounts and tax line by line',
  },
] as const;

/** /settings/documents/quotes: Quote Template Settings and the terms templates (spec 2 §2.7 Documents). */
export default function QuotesPanel() {
  const query = useDocumentSettings();

  const form = useForm<QuoteValues>({
    initialValues: valuesOf({
      companyName: '',
      companyWebsite: '',
      companyAddress: '',
      companyPhone: '',
      companyEmail: '',
      companyABN: '',
      logoUrl: null,
      logoBackground: 'transparent',
      ...DEFAULT_DOCUMENT_COLORS,
      quoteHeaderText: DEFAULT_QUOTE_HEADER_TEXT,
      quoteFooterText: DEFAULT_QUOTE_FOOTER_TEXT,
      showLoyaltyFooter: true,
      jobSheetHeaderText: '',
      jobSheetFooterText: null,
      showVehicleNotes: true,
      showTermsAndConditions: true,
      showPricingBreakdown: true,
      quoteValidDays: DEFAULT_QUOTE_VALID_DAYS,
      taxLabel: null,
      updatedAt: null,
      version: 0,
    }),
    validate: (values) => validateForm(DocumentSettingsInputSchema, values).errors,
  });

  const loaded = query.data;
  const { save, saving, logo } = useLogoSettingsForm({
    form,
    loaded,
    fetching: query.isFetching,
    valuesOf,
    update: useUpdateDocumentSettings(),
    removeLogo: useDeleteDocumentLogo(),
    onSaved: () =>
      showToast({
        tone: 'success',
        title: 'Success',
        message: 'Quote template settings updated successfully',
      }),
    onSaveFailed: (error) =>
      showToast({
        tone: 'error',
        title: 'Error',
        message: isApiError(error, 409) ? STALE_RECORD_MESSAGE : 'Failed to update settings',
      }),
  });

  const { values } = form;
  const localTax = defaultTaxLabel(useAppSettings().settings.locale);

  return (
    <Stack gap="xl">
      <div>
        <SettingsPanelHeader
          title="Quote Template Settings"
          description="Company details, colours and content of the quote documents sent to customers."
        />
        <QueryState
          query={query}
          isEmpty={false}
          empty={null}
          errorTitle="Could not load the quote template settings"
          skeletonRows={6}
        >
          {loaded && form.initialized ? (
            <form
              onSubmit={save}
              noValidate
              aria-label="Quote template settings"
              data-testid="quote-settings-form"
            >
              <Stack gap="lg">
                <SettingsSection title="Company Branding" description="Printed at the top of every quote.">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                    <TextInput label="Company Name" required {...form.getInputProps('companyName')} />
                    <TextInput
                      label="Website"
                      required
                      placeholder="https://"
                      {...form.getInputProps('companyWebsite')}
                    />
                    <TextInput
                      label="Address"
                      required
                      {...form.getInputProps('companyAddress')}
                      style={{ gridColumn: '1 / -1' }}
                    />
                    <TextInput label="Phone" required type="tel" {...form.getInputProps('companyPhone')} />
                    <TextInput label="Email" required type="email" {...form.getInputProps('companyEmail')} />
                    <TextInput label="ABN" required {...form.getInputProps('companyABN')} />
                  </SimpleGrid>
                  <Divider label="Company Logo" labelPosition="left" />
                  <LogoUpload
                    {...logo}
                    storedUrl={loaded.logoUrl}
                    background={values.logoBackground}
                    onBackgroundChange={(value) => form.setFieldValue('logoBackground', value)}
                    name={values.companyName || 'Company logo'}
                    icon="Building"
                    testId="document-logo-upload"
                  />
                </SettingsSection>

                <SettingsSection
                  title="Color Scheme"
                  description="Colours of the quote's header, tables and footer."
                >
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                    {COLOR_FIELDS.map(({ field, label, description }) => (
                      <ColorInput
                        key={field}
                        label={label}
                        description={description}
                        required
                        format="hex"
                        swatches={SWATCHES}
                        swatchesPerRow={8}
                        fixOnBlur={false}
                        withEyeDropper={false}
                        closeOnColorSwatchClick
                        popoverProps={{ withinPortal: true }}
                        {...form.getInputProps(field)}
                      />
                    ))}
                  </SimpleGrid>
                  <Group>
                    <Button
                      component="a"
                      href={quotePreviewHref(values)}
                      target="_blank"
                      rel="noopener"
                      variant="light"
                      leftSection={<IconPalette size={18} aria-hidden="true" />}
                      rightSection={<IconExternalLink size={14} aria-hidden="true" />}
                    >
                      Preview Color Options
                    </Button>
                    <Text size="xs" c="dimmed">
                      Opens in a new tab.
                    </Text>
                  </Group>
                </SettingsSection>

                <SettingsSection
                  title="Quote Content"
                  description="The heading, validity, tax wording and footer of the quote."
                >
                  <TextInput
                    label="Header Text"
                    required
                    maw={360}
                    {...form.getInputProps('quoteHeaderText')}
                  />
                  <NumberInput
                    maw={420}
                    label="Quote valid for (days)"
                    description="Printed as “Valid until”: the quote date plus these days"
                    min={1}
                    max={365}
                    allowDecimal={false}
                    allowNegative={false}
                    // Out of range is said, not silently changed to the nearest allowed number.
                    clampBehavior="none"
                    {...form.getInputProps('quoteValidDays')}
                  />
                  <TextInput
                    maw={420}
                    label="Tax label"
                    description={`Printed on the tax line, e.g. “${localTax} (10%)”. Left blank: ${localTax}`}
                    placeholder={localTax}
                    maxLength={20}
                    {...form.getInputProps('taxLabel')}
                  />
                  <Switch
                    label="Show loyalty footer"
                    description="A footer with your loyalty offer at the bottom of each quote"
                    {...form.getInputProps('showLoyaltyFooter', { type: 'checkbox' })}
                    data-testid="loyalty-footer-switch"
                  />
                  {values.showLoyaltyFooter ? (
                    <Textarea
                      label="Footer Text"
                      autosize
                      minRows={2}
                      maxRows={6}
                      {...form.getInputProps('quoteFooterText')}
                    />
                  ) : null}
                </SettingsSection>

                <SettingsSection title="Document Sections" description="Parts of the quote to include.">
                  <Stack gap="md">
                    {SECTION_SWITCHES.map(({ field, label, description }) => (
                      <Switch
                        key={field}
                        label={label}
                        description={description}
                        {...form.getInputProps(field, { type: 'checkbox' })}
                      />
                    ))}
                  </Stack>
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
            <Skeleton h={480} radius="md" />
          )}
        </QueryState>
      </div>

      <QuoteLinkSettingsCard />
      <TermsTemplatesList />
    </Stack>
  );
}
