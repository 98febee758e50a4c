import { type QuoteLinkSettings, QuoteLinkSettingsSchema } from '@dms/domain';
import { Button, Group, NumberInput, Skeleton } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { useQuoteLinkSettings, useUpdateQuoteLinkSettings } from '../api/documents';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';
import { SettingsSection } from './settings-section';

type Field = keyof QuoteLinkSettings;
const asNumber = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);

/**
 * Settings > Documents > Quotes (issue 24): how many days a mailed quote link works, and after how
 * many days a viewed, unanswered quote is reminded once.
 */
export function QuoteLinkSettingsCard() {
  const query = useQuoteLinkSettings();
  const save = useUpdateQuoteLinkSettings();
  const [values, setValues] = useState<Record<Field, number | string>>({ expiryDays: '', reminderDays: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  useEffect(() => {
    if (query.data) setValues(query.data);
  }, [query.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = QuoteLinkSettingsSchema.safeParse({
      expiryDays: asNumber(values.expiryDays),
      reminderDays: asNumber(values.reminderDays),
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notifySettingsSuccess('Quote link settings', 'update'),
      onError: (e) => notifySettingsFailure('Quote link settings', 'update', e),
    });
  };

  const field = (name: Field, label: string) => (
    <NumberInput
      label={label}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      value={values[name]}
      onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
      error={errors[name]}
      w={260}
      data-testid={name === 'expiryDays' ? 'quote-link-expiry-days' : 'quote-link-reminder-days'}
    />
  );

  return (
    <SettingsSection
      title="Online quotes"
      description="Customers get a link to read and accept a quote online. It stops working after the days set here; a customer who viewed it and has not answered gets one reminder."
    >
      <QueryState
        query={query}
        isEmpty={false}
        empty={null}
        skeletonRows={1}
        errorTitle="Could not load the quote link settings"
        errorMessage={null}
      >
        {query.data ? (
          <form onSubmit={submit} noValidate>
            <Group align="flex-start" gap="sm">
              {field('expiryDays', 'Quote links expire after (days)')}
              {field('reminderDays', 'Remind a viewed quote after (days)')}
              <Button
                type="submit"
                variant="default"
                mt={25}
                loading={save.isPending}
                leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
              >
                Save
              </Button>
            </Group>
          </form>
        ) : (
          <Skeleton h={60} />
        )}
      </QueryState>
    </SettingsSection>
  );
}
