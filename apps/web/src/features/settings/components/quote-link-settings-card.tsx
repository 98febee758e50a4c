import { QuoteLinkSettingsSchema } from '@dms/domain';
import { Button, Group, NumberInput, Skeleton } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { useQuoteLinkSettings, useUpdateQuoteLinkSettings } from '../api/documents';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';
import { SettingsSection } from './settings-section';

/** Settings > Documents > Quotes: how many days a mailed quote link works (issue 24). */
export function QuoteLinkSettingsCard() {
  const query = useQuoteLinkSettings();
  const save = useUpdateQuoteLinkSettings();
  const [days, setDays] = useState<number | string>('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (query.data) setDays(query.data.expiryDays);
  }, [query.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = QuoteLinkSettingsSchema.safeParse({
      expiryDays: typeof days === 'number' ? days : Number.NaN,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: () => notifySettingsSuccess('Quote link settings', 'update'),
      onError: (e) => notifySettingsFailure('Quote link settings', 'update', e),
    });
  };

  return (
    <SettingsSection
      title="Online quotes"
      description="Customers get a link to read and accept a quote online. New links stop working after this many days."
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
            <Group align="flex-end" gap="sm">
              <NumberInput
                label="Quote links expire after (days)"
                min={1}
                max={365}
                allowDecimal={false}
                value={days}
                onChange={setDays}
                error={error}
                w={240}
                data-testid="quote-link-expiry-days"
              />
              <Button
                type="submit"
                variant="default"
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
