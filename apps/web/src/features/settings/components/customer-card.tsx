import { CUSTOMER_TYPE_LABELS, type CustomerListItem, type CustomerType } from '@dms/domain';
import { Badge, Button, Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArchive, IconMail, IconMapPin, IconPhone, IconUsers } from '@tabler/icons-react';
import { useFormatters } from '../../../lib/use-formatters';
import { InactiveBadge } from './inactive-badge';
import { ReactivateAction, RowActions } from './row-actions';
import { CardFooter, CardHeader, DetailLine, SettingsCard } from './settings-card';

export const CUSTOMER_TYPE_COLORS: Record<CustomerType, string> = {
  school: 'yellow',
  corporate: 'blue',
  private: 'grape',
  other: 'gray',
};

function Figure({ label, value, alert }: { label: string; value: string; alert?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} c={alert ? 'red' : undefined}>
        {value}
      </Text>
    </Stack>
  );
}

/** A customer: contact details, loyalty figures, and the contacts, edit and archive actions. */
export function CustomerCard({
  customer,
  onEdit,
  onArchive,
  onRestore,
  onContacts,
}: {
  customer: CustomerListItem;
  onEdit: () => void;
  onArchive: () => void;
  onRestore: () => void;
  onContacts: () => void;
}) {
  const archived = customer.isActive !== 1;
  const name = customer.companyName;
  // Revenue in the operator's currency (issue 13, ADR 0013), not the spec's fixed '£'.
  const format = useFormatters();
  return (
    <SettingsCard name={name} data-testid="customer-card" data-archived={archived || undefined}>
      <CardHeader
        name={name}
        inactive={archived}
        badges={
          <>
            {archived && <InactiveBadge label="Archived" />}
            <Badge color={CUSTOMER_TYPE_COLORS[customer.companyType]} variant="light" radius="sm">
              {CUSTOMER_TYPE_LABELS[customer.companyType]}
            </Badge>
          </>
        }
      />
      <Stack gap={4}>
        <DetailLine icon={<IconPhone size={14} />} value={customer.phone} missing="No phone" />
        <DetailLine icon={<IconMail size={14} />} value={customer.email} missing="No email" />
        <DetailLine icon={<IconMapPin size={14} />} value={customer.address} missing="No address" />
      </Stack>
      <Divider />
      <SimpleGrid cols={3} spacing="xs">
        <Figure label="Loyalty points" value={format.number(customer.loyaltyPoints)} />
        <Figure label="Bookings" value={format.number(customer.totalBookings)} />
        <Figure label="Revenue" value={format.money(customer.totalRevenue)} />
      </SimpleGrid>
      {/* What its issued invoices still owe (issue 25): worked out on the server for the page shown. */}
      <SimpleGrid cols={3} spacing="xs" data-testid="customer-owes">
        <Figure label="Outstanding" value={format.money(customer.owes.outstanding)} />
        <Figure
          label="Overdue"
          value={format.money(customer.owes.overdue)}
          alert={customer.owes.overdue > 0}
        />
      </SimpleGrid>
      <CardFooter>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconUsers size={16} aria-hidden="true" />}
          onClick={onContacts}
          aria-label={`Contacts of ${name} (${customer.contactCount})`}
        >
          Contacts ({customer.contactCount})
        </Button>
        <RowActions
          name={name}
          onEdit={onEdit}
          onDelete={archived ? undefined : onArchive}
          deleteLabel="Archive"
          deleteIcon={<IconArchive size={18} aria-hidden="true" />}
        >
          {archived && <ReactivateAction name={name} onClick={onRestore} label="Restore" />}
        </RowActions>
      </CardFooter>
    </SettingsCard>
  );
}
