import { CUSTOMER_TYPE_LABELS, type Customer, type CustomerType } from '@dms/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArchive, IconMail, IconMapPin, IconPhone, IconRestore, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { InactiveBadge } from './inactive-badge';
import { RowActions } from './row-actions';

export const CUSTOMER_TYPE_COLORS: Record<CustomerType, string> = {
  school: 'yellow',
  corporate: 'blue',
  private: 'grape',
  other: 'gray',
};

/** Spec 2 §1: revenue is shown with the £ symbol in settings. */
const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const whole = new Intl.NumberFormat('en-GB');

/** One detail with its icon; a missing value shows `missing`, dimmed. */
function Line({ icon, value, missing }: { icon: ReactNode; value: string | null; missing: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text c="dimmed" lh={0} mt={3} aria-hidden="true">
        {icon}
      </Text>
      <Text
        size="sm"
        c={value ? undefined : 'dimmed'}
        style={{ minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
      >
        {value ?? missing}
      </Text>
    </Group>
  );
}

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
    <Card
      padding="md"
      component="article"
      aria-label={name}
      data-testid="customer-card"
      data-archived={archived || undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text
            fw={650}
            size="md"
            style={{ minWidth: 0, overflowWrap: 'anywhere' }}
            c={archived ? 'dimmed' : undefined}
          >
            {name}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {archived && <InactiveBadge label="Archived" />}
            <Badge color={CUSTOMER_TYPE_COLORS[customer.companyType]} variant="light" radius="sm">
              {CUSTOMER_TYPE_LABELS[customer.companyType]}
            </Badge>
          </Group>
        </Group>
        <Stack gap={4}>
          <Line icon={<IconPhone size={14} />} value={customer.phone} missing="No phone" />
          <Line icon={<IconMail size={14} />} value={customer.email} missing="No email" />
          <Line icon={<IconMapPin size={14} />} value={customer.address} missing="No address" />
        </Stack>
        <Divider />
        <SimpleGrid cols={3} spacing="xs">
          <Figure label="Loyalty points" value={whole.format(customer.loyaltyPoints)} />
          <Figure label="Bookings" value={whole.format(customer.totalBookings)} />
          <Figure label="Revenue" value={pounds.format(customer.totalRevenue)} />
        </SimpleGrid>
        <Group justify="space-between" wrap="nowrap" mt="auto" gap="xs">
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
            {archived && (
              <Tooltip label="Restore">
                <ActionIcon
                  aria-label={`Restore ${name}`}
                  onClick={onRestore}
                  size="lg"
                  variant="subtle"
                  color="green"
                >
                  <IconRestore size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            )}
          </RowActions>
        </Group>
      </Stack>
    </Card>
  );
}
