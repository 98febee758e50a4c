import type { Customer, CustomerType } from '@dms/domain';
import { Button, Select, SimpleGrid } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useArchiveCustomer, useCustomers, useUpdateCustomer } from '../api/customers';
import { ConfirmMessage } from '../components/confirm-message';
import { ContactsDialog } from '../components/contacts-dialog';
import { CustomerCard } from '../components/customer-card';
import { CUSTOMER_TYPE_OPTIONS, CustomerFormDialog } from '../components/customer-form-dialog';
import { ListPagination } from '../components/list-pagination';
import { ListToolbar } from '../components/list-toolbar';
import { QueryState } from '../components/query-state';
import { SettingsPanelHeader } from '../components/settings-panel-header';
import { useDialogTarget } from '../components/use-dialog-target';
import { useListState } from '../components/use-list-state';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';

const PAGE_SIZE = 12;

/** /settings/customers (spec 2 §2.7): cards with contacts; deleting a customer archives it. */
export default function CustomersPanel() {
  const list = useListState(PAGE_SIZE);
  const [type, setType] = useState<CustomerType | null>(null);
  const query = useCustomers({ ...list.params, type: type ?? undefined });
  const archive = useArchiveCustomer();
  const update = useUpdateCustomer();
  const form = useDialogTarget<Customer>();
  const contacts = useDialogTarget<Customer>();
  const archiving = useDialogTarget<Customer>();
  const [archiveError, setArchiveError] = useState<string | null>(null);
  const customers = query.data?.items ?? [];
  const filtered = Boolean(list.search || type);

  const confirmArchive = () => {
    const customer = archiving.target;
    if (!customer) return;
    archive.mutate(customer.id, {
      onSuccess: (result) => {
        showToast({ tone: 'success', title: 'Success', message: result.message });
        archiving.close();
      },
      onError: (error) => {
        setArchiveError(errorMessage(error, 'Failed to delete customer'));
        notifySettingsFailure('Customer', 'delete', error);
      },
    });
  };

  const restore = (c: Customer) =>
    update.mutate(
      {
        id: c.id,
        input: {
          companyName: c.companyName,
          companyType: c.companyType,
          phone: c.phone,
          email: c.email,
          address: c.address,
          isActive: 1,
          version: c.version,
        },
      },
      {
        onSuccess: () => notifySettingsSuccess('Customer', 'update'),
        onError: (error) => notifySettingsFailure('Customer', 'update', error),
      },
    );

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => form.open()}>
      Add Customer
    </Button>
  );

  return (
    <>
      <SettingsPanelHeader
        title="Customers"
        description="Schools, companies and private clients you quote for"
        actions={addButton}
      />
      <ListToolbar
        searchLabel="Search customers"
        searchPlaceholder="Search name, email, phone or contact"
        onSearch={list.setSearch}
        showInactive={list.showInactive}
        onShowInactiveChange={list.setShowInactive}
        inactiveLabel="Show archived"
        filters={
          <Select
            aria-label="Filter by type"
            placeholder="All types"
            data={CUSTOMER_TYPE_OPTIONS}
            value={type}
            onChange={(value) => {
              setType(value as CustomerType | null);
              list.setPage(1);
            }}
            clearable
            w={{ base: '100%', xs: 180 }}
          />
        }
      />
      <QueryState
        query={query}
        isEmpty={customers.length === 0}
        skeletonRows={4}
        empty={filtered ? 'No customers match your search.' : 'No customers yet.'}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" data-testid="customers-grid">
          {customers.map((c) => (
            <CustomerCard
              key={c.id}
              customer={c}
              onEdit={() => form.open(c)}
              onArchive={() => {
                setArchiveError(null);
                archiving.open(c);
              }}
              onRestore={() => restore(c)}
              onContacts={() => contacts.open(c)}
            />
          ))}
        </SimpleGrid>
        <ListPagination
          total={query.data?.total ?? 0}
          page={list.page}
          pageSize={PAGE_SIZE}
          onChange={list.setPage}
          noun="customers"
        />
      </QueryState>
      <CustomerFormDialog opened={form.opened} onClose={form.close} customer={form.target} />
      <ContactsDialog opened={contacts.opened} onClose={contacts.close} customer={contacts.target} />
      <ConfirmDialog
        opened={archiving.opened}
        title="Archive customer?"
        message={
          <ConfirmMessage error={archiveError}>
            {`Archive "${archiving.target?.companyName ?? ''}"? It is hidden from the active lists; its job history is kept.`}
          </ConfirmMessage>
        }
        confirmLabel="Archive"
        confirmColor="red"
        loading={archive.isPending}
        onConfirm={confirmArchive}
        onCancel={archiving.close}
        data-testid="customer-archive-dialog"
      />
    </>
  );
}
