import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useBulkInvoice, useCustomerOptions } from '../api';

/** "Invoice all completed, uninvoiced jobs" for a customer and/or a range of service dates. */
export function BulkInvoiceDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const customers = useCustomerOptions();
  const bulk = useBulkInvoice();
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setCustomerId(null);
      setFrom('');
      setTo('');
      setError(null);
    }
  }, [opened]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Invoice completed jobs"
      centered
      data-testid="bulk-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          bulk.mutate(
            { customerId, from, to },
            {
              onSuccess: ({ created }) => {
                showToast({
                  title:
                    created === 0
                      ? 'No completed jobs without an invoice'
                      : `${created} draft invoice${created === 1 ? '' : 's'} created`,
                  tone: created === 0 ? 'info' : 'success',
                });
                onClose();
              },
              onError: (err) => setError(errorMessage(err, 'The invoices could not be created')),
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Creates a draft invoice for every completed job that has none yet. Choose a customer, a range of
            service dates, or both.
          </Text>
          <Select
            label="Customer"
            placeholder="All customers"
            searchable
            clearable
            data={(customers.data?.items ?? []).map((c) => ({ value: c.id, label: c.companyName }))}
            value={customerId}
            onChange={setCustomerId}
            error={error}
          />
          <SimpleGrid cols={2}>
            <TextInput
              type="date"
              label="Service from"
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="Service to"
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={bulk.isPending}>
              Create drafts
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
