import type { DeleteResult, Depot } from '@dms/domain';
import { Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { QueryState } from '../../../components/query-state';
import { useDeleteDepot, useDepots, useUpdateDepot } from '../api/fleet';
import { AddButton } from '../components/add-button';
import { DeleteConfirmDialog } from '../components/delete-confirm-dialog';
import { notifyDeleteResult } from '../components/delete-toast';
import { DepotFormDialog } from '../components/depot-form-dialog';
import { InactiveBadge } from '../components/inactive-badge';
import { ListPagination } from '../components/list-pagination';
import { ListToolbar } from '../components/list-toolbar';
import { OptionalText } from '../components/optional-text';
import { ReactivateAction, RowActions } from '../components/row-actions';
import { SettingsPanelHeader } from '../components/settings-panel-header';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useDialogTarget } from '../components/use-dialog-target';
import { useListState } from '../components/use-list-state';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';

const PAGE_SIZE = 20;

/** /settings/depots (spec 2 §2.7): where vehicles start and end their day. */
export default function DepotsPanel() {
  const list = useListState(PAGE_SIZE);
  const query = useDepots(list.params);
  const remove = useDeleteDepot();
  const update = useUpdateDepot();
  const form = useDialogTarget<Depot>();
  const deleting = useConfirmedDelete<Depot, DeleteResult>(remove, {
    entity: 'Depot',
    onDeleted: (result) => notifyDeleteResult('Depot', result),
  });
  const depots = query.data?.items ?? [];

  const reactivate = (depot: Depot) =>
    update.mutate(
      { id: depot.id, input: { name: depot.name, address: depot.address, isActive: 1 } },
      {
        onSuccess: () => notifySettingsSuccess('Depot', 'update'),
        onError: (error) => notifySettingsFailure('Depot', 'update', error),
      },
    );

  return (
    <>
      <SettingsPanelHeader
        title="Depots"
        description="Where vehicles are kept and where jobs start and end"
        actions={<AddButton label="Add Depot" onClick={() => form.open()} />}
      />
      <ListToolbar
        searchLabel="Search depots"
        searchPlaceholder="Search name or address"
        onSearch={list.setSearch}
        showInactive={list.showInactive}
        onShowInactiveChange={list.setShowInactive}
      />
      <QueryState
        query={query}
        isEmpty={depots.length === 0}
        empty={list.search ? 'No depots match your search.' : 'No depots yet.'}
      >
        <Table aria-label="Depots" data-testid="depots-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {depots.map((d) => {
              const inactive = d.isActive !== 1;
              return (
                <Table.Tr
                  key={d.id}
                  c={inactive ? 'dimmed' : undefined}
                  data-inactive={inactive || undefined}
                >
                  <Table.Td>
                    <Group gap="xs">
                      <Text size="sm" fw={500}>
                        {d.name}
                      </Text>
                      {inactive && <InactiveBadge />}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <OptionalText value={d.address} style={{ whiteSpace: 'pre-line' }} />
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      name={d.name}
                      onEdit={() => form.open(d)}
                      onDelete={inactive ? undefined : () => deleting.open(d)}
                    >
                      {inactive && <ReactivateAction name={d.name} onClick={() => reactivate(d)} />}
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <ListPagination
          total={query.data?.total ?? 0}
          page={list.page}
          pageSize={PAGE_SIZE}
          onChange={list.setPage}
          noun="depots"
        />
      </QueryState>
      <DepotFormDialog opened={form.opened} onClose={form.close} depot={form.target} />
      <DeleteConfirmDialog
        remove={deleting}
        title="Delete depot?"
        text={`Delete "${deleting.target?.name ?? ''}"? A depot that vehicles or jobs use is deactivated instead, so their history stays intact.`}
        data-testid="depot-delete-dialog"
      />
    </>
  );
}
