import { CUSTOMER_TYPE_LABELS, type Customer, type CustomerType } from '@dms/domain';
import { Badge, Button, Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArchive, IconMail, IconMapPin, IconPhone, IconUsers } from '@tabler/icons-react';
import { InactiveBadge } from './inactive-badge';
import { ReactivateAction, RowActions } from './row-actions';
import { CardFooter, CardHeader, DetailLine, SettingsCard } from './settings-card';

export const CUSTOMER_TYPE_COLORS: Record<CustomerType, string> = {
  school: 'yellow',
  corporate: 'blue',
  private: 'grape',
  other: 'gray',
};

/** Spec 2 §1: revenue is shown with the £ symbol in settings. */
const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const whole = new Intl.NumberFormat('en-GB');

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
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
  customer: Customer;
  onEdit: () => void;
  onArchive: () => void;
  onRestore: () => void;
  onContacts: () => void;
}) {
  const archived = customer.isActive !== 1;
  const name = customer.companyName;
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
        <Figure label="Loyalty points" value={whole.format(customer.loyaltyPoints)} />
        <Figure label="Bookings" value={whole.format(customer.totalBookings)} />
        <Figure label="Revenue" value={pounds.format(customer.totalRevenue)} />
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
