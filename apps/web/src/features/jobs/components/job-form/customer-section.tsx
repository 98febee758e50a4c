import {
  CONTACT_CHIPS_SHOWN,
  CUSTOMER_TYPE_LABELS,
  CUSTOMER_TYPES,
  type CustomerType,
  customerNameLabel,
} from '@dms/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useCustomerSearch } from '../../api';
import {
  addContact,
  chooseCustomer,
  clearCustomer,
  type JobFormState,
  removeContact,
  setField,
  setNewCustomer,
  updateContact,
} from '../../job-form-state';
import { FormSection, type JobFormSectionProps } from './form-section';

/** Customer details: an existing customer found by search (spec 2 §9), or a new one with contacts. */
export function CustomerSection({ state, onChange, errors }: JobFormSectionProps) {
  const [debouncedSearch] = useDebouncedValue(state.customerSearch, 250);
  const customers = useCustomerSearch(debouncedSearch, state.customerMode === 'existing');
  return (
    <FormSection title="Customer Details">
      <SegmentedControl
        aria-label="Customer"
        value={state.customerMode}
        onChange={(v) => onChange(setField('customerMode', v as JobFormState['customerMode']))}
        data={[
          { value: 'existing', label: 'Existing customer' },
          { value: 'new', label: 'New customer' },
        ]}
      />
      {state.customerMode === 'existing' ? (
        <Stack gap="xs">
          {state.customer ? (
            <Paper withBorder p="sm" radius="md" data-testid="chosen-customer">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Text fw={600}>{state.customer.companyName}</Text>
                  <Text size="sm" c="dimmed">
                    {[state.customer.phone, state.customer.email].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                <Button size="xs" variant="subtle" onClick={() => onChange(clearCustomer)}>
                  Change
                </Button>
              </Group>
            </Paper>
          ) : (
            <>
              <TextInput
                label="Search customers"
                placeholder="Company, contact, email or phone"
                value={state.customerSearch}
                onChange={(e) => onChange(setField('customerSearch', e.currentTarget.value))}
              />
              <Stack gap={6} data-testid="customer-results">
                {(customers.data?.items ?? []).map(({ customer, contacts }) => (
                  <Paper
                    key={customer.id}
                    withBorder
                    p="xs"
                    radius="md"
                    component="button"
                    type="button"
                    style={{ textAlign: 'left', cursor: 'pointer' }}
                    onClick={() => onChange(chooseCustomer(customer, contacts))}
                    aria-label={`Choose ${customer.companyName}`}
                  >
                    <Text size="sm" fw={600}>
                      {customer.companyName}
                    </Text>
                    <Group gap={4} mt={2}>
                      {contacts.slice(0, CONTACT_CHIPS_SHOWN).map((c) => (
                        <Badge
                          key={c.id}
                          variant="light"
                          color="gray"
                          size="sm"
                          style={{ textTransform: 'none' }}
                        >
                          {c.name}
                        </Badge>
                      ))}
                      {contacts.length > CONTACT_CHIPS_SHOWN && (
                        <Badge variant="outline" color="gray" size="sm">
                          +{contacts.length - CONTACT_CHIPS_SHOWN} more
                        </Badge>
                      )}
                    </Group>
                  </Paper>
                ))}
              </Stack>
            </>
          )}
          {errors.customerId && (
            <Text c="red" size="sm">
              {errors.customerId}
            </Text>
          )}
        </Stack>
      ) : (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Type"
              data={CUSTOMER_TYPES.map((t) => ({ value: t, label: CUSTOMER_TYPE_LABELS[t] }))}
              value={state.newCustomer.companyType}
              allowDeselect={false}
              onChange={(v) => onChange(setNewCustomer({ companyType: (v ?? 'other') as CustomerType }))}
            />
            <TextInput
              label={customerNameLabel(state.newCustomer.companyType)}
              withAsterisk
              value={state.newCustomer.companyName}
              onChange={(e) => onChange(setNewCustomer({ companyName: e.currentTarget.value }))}
              error={errors['newCustomer.companyName']}
            />
            <TextInput
              label="Phone"
              value={state.newCustomer.phone}
              onChange={(e) => onChange(setNewCustomer({ phone: e.currentTarget.value }))}
              error={errors['newCustomer.phone']}
            />
            <TextInput
              label="Email"
              value={state.newCustomer.email}
              onChange={(e) => onChange(setNewCustomer({ email: e.currentTarget.value }))}
              error={errors['newCustomer.email']}
            />
          </SimpleGrid>
          <TextInput
            label="Address"
            value={state.newCustomer.address}
            onChange={(e) => onChange(setNewCustomer({ address: e.currentTarget.value }))}
          />
          {state.newContacts.map((c, i) => (
            <Group key={c.key} gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label={`Contact ${i + 1} name`}
                value={c.name}
                onChange={(e) => onChange(updateContact(i, { name: e.currentTarget.value }))}
                style={{ flex: 1, minWidth: 150 }}
              />
              <TextInput
                label="Role"
                value={c.role}
                onChange={(e) => onChange(updateContact(i, { role: e.currentTarget.value }))}
                style={{ flex: 1, minWidth: 120 }}
              />
              <TextInput
                label="Email"
                value={c.email}
                onChange={(e) => onChange(updateContact(i, { email: e.currentTarget.value }))}
                error={errors[`newCustomer.contacts.${i}.email`]}
                style={{ flex: 1, minWidth: 150 }}
              />
              <ActionIcon
                size="lg"
                variant="subtle"
                color="red"
                aria-label={`Remove contact ${i + 1}`}
                onClick={() => onChange(removeContact(i))}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => onChange(addContact)}
            w="fit-content"
          >
            Add contact
          </Button>
        </Stack>
      )}
    </FormSection>
  );
}
