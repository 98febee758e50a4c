import type { DeleteResult, Subcontractor } from '@dms/domain';
import { SimpleGrid } from '@mantine/core';
import { QueryState } from '../../../components/query-state';
import { useDeleteSubcontractor, useSubcontractors, useUpdateSubcontractor } from '../api/fleet';
import { AddButton } from '../components/add-button';
import { DeleteConfirmDialog } from '../components/delete-confirm-dialog';
import { notifyDeleteResult } from '../components/delete-toast';
import { ListPagination } from '../components/list-pagination';
import { ListToolbar } from '../components/list-toolbar';
import { ManageVehiclesDialog } from '../components/manage-vehicles-dialog';
import { SettingsPanelHeader } from '../components/settings-panel-header';
import { SubcontractorCard } from '../components/subcontractor-card';
import { SubcontractorFormDialog } from '../components/subcontractor-form-dialog';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useDialogTarget } from '../components/use-dialog-target';
import { useListState } from '../components/use-list-state';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';

const PAGE_SIZE = 12;

/** /settings/subcontractors (spec 2 §2.7): partner companies and the vehicles they supply. */
export default function SubcontractorsPanel() {
  const list = useListState(PAGE_SIZE);
  const query = useSubcontractors(list.params);
  const remove = useDeleteSubcontractor();
  const update = useUpdateSubcontractor();
  const form = useDialogTarget<Subcontractor>();
  const vehicles = useDialogTarget<Subcontractor>();
  const deleting = useConfirmedDelete<Subcontractor, DeleteResult>(remove, {
    entity: 'Subcontractor',
    onDeleted: (result) => notifyDeleteResult('Subcontractor', result),
  });
  const subcontractors = query.data?.items ?? [];

  const reactivate = (s: Subcontractor) =>
    update.mutate(
      {
        id: s.id,
        input: {
          companyName: s.companyName,
          contactName: s.contactName,
          phone: s.phone,
          email: s.email,
          address: s.address,
          isActive: 1,
        },
      },
      {
        onSuccess: () => notifySettingsSuccess('Subcontractor', 'update'),
        onError: (error) => notifySettingsFailure('Subcontractor', 'update', error),
      },
    );

  const target = deleting.target;
  const deleteText = !target
    ? ''
    : target.vehicleCount > 0
      ? `"${target.companyName}" has ${target.vehicleCount} ${target.vehicleCount === 1 ? 'vehicle' : 'vehicles'}, so it will be deactivated together with its vehicles instead of deleted. Past jobs keep them; they can no longer be chosen for new work.`
      : `Delete "${target.companyName}"? This cannot be undone.`;

  return (
    <>
      <SettingsPanelHeader
        title="Subcontractors"
        description="Partner companies that supply vehicles"
        actions={<AddButton label="Add Subcontractor" onClick={() => form.open()} />}
      />
      <ListToolbar
        searchLabel="Search subcontractors"
        searchPlaceholder="Search company, contact, phone or email"
        onSearch={list.setSearch}
        showInactive={list.showInactive}
        onShowInactiveChange={list.setShowInactive}
      />
      <QueryState
        query={query}
        isEmpty={subcontractors.length === 0}
        skeletonRows={4}
        empty={list.search ? 'No subcontractors match your search.' : 'No subcontractors yet.'}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" data-testid="subcontractors-grid">
          {subcontractors.map((s) => (
            <SubcontractorCard
              key={s.id}
              subcontractor={s}
              onEdit={() => form.open(s)}
              onDelete={() => deleting.open(s)}
              onReactivate={() => reactivate(s)}
              onManageVehicles={() => vehicles.open(s)}
            />
          ))}
        </SimpleGrid>
        <ListPagination
          total={query.data?.total ?? 0}
          page={list.page}
          pageSize={PAGE_SIZE}
          onChange={list.setPage}
          noun="subcontractors"
        />
      </QueryState>
      <SubcontractorFormDialog opened={form.opened} onClose={form.close} subcontractor={form.target} />
      <ManageVehiclesDialog
        opened={vehicles.opened}
        onClose={vehicles.close}
        subcontractor={vehicles.target}
      />
      <DeleteConfirmDialog
        remove={deleting}
        title={target && target.vehicleCount > 0 ? 'Deactivate subcontractor?' : 'Delete subcontractor?'}
        text={deleteText}
        confirmLabel={target && target.vehicleCount > 0 ? 'Deactivate' : 'Delete'}
        data-testid="subcontractor-delete-dialog"
      />
    </>
  );
}
