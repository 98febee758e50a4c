import {
  CONTACT_ROLE_SUGGESTIONS,
  type Contact,
  ContactInputSchema,
  CUSTOMER_TYPE_LABELS,
  type Customer,
  type DeleteResult,
} from '@dms/domain';
import {
  Autocomplete,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMail, IconPhone, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { validateForm } from '../../../lib/form-errors';
import { useContacts, useCreateContact, useDeleteContact, useUpdateContact } from '../api/customers';
import { serverFieldErrors } from '../api/list-page';
import { DeleteConfirmDialog } from './delete-confirm-dialog';
import { notifyDeleteResult } from './delete-toast';
import { FormActions, FormDialog } from './form-dialog';
import { RowActions } from './row-actions';
import { saveHandlers } from './save-handlers';
import { useConfirmedDelete } from './use-confirmed-delete';

interface ContactFormValues {
  name: string;
  role: string;
  email: string;
  phone: string;
}

/** Add or edit one contact, in place in the list. The role suggests the titles usual for the customer's type. */
function ContactForm({
  customer,
  contact,
  onDone,
}: {
  customer: Customer;
  contact?: Contact;
  onDone: () => void;
}) {
  const create = useCreateContact();
  const update = useUpdateContact();
  const form = useForm<ContactFormValues>({
    initialValues: {
      name: contact?.name ?? '',
      role: contact?.role ?? '',
      email: contact?.email ?? '',
      phone: contact?.phone ?? '',
    },
    validate: (values) => validateForm(ContactInputSchema, values).errors,
  });
  const suggestions = [...CONTACT_ROLE_SUGGESTIONS[customer.companyType]];

  const submit = form.onSubmit((values) => {
    const input = ContactInputSchema.parse(values);
    const action = contact ? 'update' : 'create';
    const handlers = saveHandlers('Contact', action, onDone, {
      onFailure: (error) => form.setErrors(serverFieldErrors(error)),
    });
    if (contact) update.mutate({ id: contact.id, input }, handlers);
    else create.mutate({ customerId: customer.id, input }, handlers);
  });

  const heading = contact ? `Edit ${contact.name}` : 'New contact';
  return (
    <Paper withBorder p="md" bg="var(--mantine-color-default-hover)">
      <form onSubmit={submit} noValidate aria-label={contact ? 'Edit contact' : 'Add contact'}>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {heading}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="Name" withAsterisk autoFocus {...form.getInputProps('name')} />
            <Autocomplete
              label="Role"
              placeholder={suggestions.length > 0 ? 'Choose or type a role' : 'e.g. Organiser'}
              data={suggestions}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('role')}
            />
            <TextInput label="Email" type="email" {...form.getInputProps('email')} />
            <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
          </SimpleGrid>
          <FormActions
            submitLabel={contact ? 'Save Contact' : 'Add Contact'}
            loading={create.isPending || update.isPending}
            onCancel={onDone}
          />
        </Stack>
      </form>
    </Paper>
  );
}

function ContactRow({
  contact,
  onEdit,
  onDelete,
}: {
  contact: Contact;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Paper withBorder p="sm" component="li" aria-label={contact.name} data-testid="contact-row">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm">
              {contact.name}
            </Text>
            {contact.role && (
              <Badge variant="light" size="sm" radius="sm" style={{ textTransform: 'none' }}>
                {contact.role}
              </Badge>
            )}
          </Group>
          {contact.email && (
            <Group gap={6} wrap="nowrap">
              <IconMail size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {contact.email}
              </Text>
            </Group>
          )}
          {contact.phone && (
            <Group gap={6} wrap="nowrap">
              <IconPhone size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
              <Text size="sm" c="dimmed">
                {contact.phone}
              </Text>
            </Group>
          )}
        </Stack>
        <RowActions name={contact.name} onEdit={onEdit} onDelete={onDelete} />
      </Group>
    </Paper>
  );
}

/** A customer's contacts: list, add, edit, and delete with confirmation (spec 2 §2.7). */
export function ContactsDialog({
  opened,
  onClose,
  customer,
}: {
  opened: boolean;
  onClose: () => void;
  customer?: Customer;
}) {
  const query = useContacts(opened ? customer?.id : undefined);
  const remove = useDeleteContact();
  // 'new', a contact's id, or nothing: which form is open.
  const [editing, setEditing] = useState<string | null>(null);
  const deleting = useConfirmedDelete<Contact, DeleteResult>(remove, {
    entity: 'Contact',
    onDeleted: (result) => notifyDeleteResult('Contact', result),
  });
  const contacts = query.data?.items ?? [];

  const close = () => {
    setEditing(null);
    onClose();
  };

  return (
    <>
      <FormDialog
        opened={opened}
        onClose={close}
        title={customer ? `Contacts: ${customer.companyName}` : 'Contacts'}
        size="lg"
        closeOnEscape={!deleting.opened}
        data-testid="contacts-dialog"
      >
        {customer && (
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text size="sm" c="dimmed">
                {CUSTOMER_TYPE_LABELS[customer.companyType]} customer · the people you deal with
              </Text>
              <Button
                size="xs"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                onClick={() => setEditing('new')}
                disabled={editing === 'new'}
              >
                Add Contact
              </Button>
            </Group>
            {editing === 'new' && (
              <ContactForm key="new" customer={customer} onDone={() => setEditing(null)} />
            )}
            <QueryState
              query={query}
              isEmpty={contacts.length === 0 && editing !== 'new'}
              skeletonRows={3}
              errorTitle="Could not load the contacts"
              empty="No contacts yet. Add the people you deal with."
            >
              <Stack gap="xs" component="ul" p={0} m={0} aria-label="Contacts" style={{ listStyle: 'none' }}>
                {contacts.map((contact) =>
                  editing === contact.id ? (
                    <li key={contact.id}>
                      <ContactForm customer={customer} contact={contact} onDone={() => setEditing(null)} />
                    </li>
                  ) : (
                    <ContactRow
                      key={contact.id}
                      contact={contact}
                      onEdit={() => setEditing(contact.id)}
                      onDelete={() => deleting.open(contact)}
                    />
                  ),
                )}
              </Stack>
            </QueryState>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Close
              </Button>
            </Group>
          </Stack>
        )}
      </FormDialog>
      <DeleteConfirmDialog
        remove={deleting}
        title="Delete contact?"
        text={`Delete ${deleting.target?.name ?? 'this contact'}? A contact named on jobs is deactivated instead, so the jobs keep it.`}
        data-testid="contact-delete-dialog"
      />
    </>
  );
}
