import type { Customer, CustomerType } from '@dms/domain';
import { Select, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { showToast } from '../../../lib/toast';
import { useArchiveCustomer, useCustomers, useUpdateCustomer } from '../api/customers';
import { AddButton } from '../components/add-button';
import { ContactsDialog } from '../components/contacts-dialog';
import { CustomerCard } from '../components/customer-card';
import { CUSTOMER_TYPE_OPTIONS, CustomerFormDialog } from '../components/customer-form-dialog';
import { DeleteConfirmDialog } from '../components/delete-confirm-dialog';
import { ListPagination } from '../components/list-pagination';
import { ListToolbar } from '../components/list-toolbar';
import { SettingsPanelHeader } from '../components/settings-panel-header';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
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
  const archiving = useConfirmedDelete<Customer, { message: string }>(archive, {
    entity: 'Customer',
    onDeleted: (result) => showToast({ tone: 'success', title: 'Success', message: result.message }),
  });
  const customers = query.data?.items ?? [];
  const filtered = Boolean(list.search || type);

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

  return (
    <>
      <SettingsPanelHeader
        title="Customers"
        description="Schools, companies and private clients you quote for"
        actions={<AddButton label="Add Customer" onClick={() => form.open()} />}
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
              onArchive={() => archiving.open(c)}
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
      <DeleteConfirmDialog
        remove={archiving}
        title="Archive customer?"
        text={`Archive "${archiving.target?.companyName ?? ''}"? It is hidden from the active lists; its job history is kept.`}
        confirmLabel="Archive"
        data-testid="customer-archive-dialog"
      />
    </>
  );
}
