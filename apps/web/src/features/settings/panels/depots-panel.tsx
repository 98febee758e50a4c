import type { Depot } from '@dms/domain';
import { ActionIcon, Button, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteDepot, useDepots, useUpdateDepot } from '../api/fleet';
import { ConfirmMessage } from '../components/confirm-message';
import { notifyDeleteResult } from '../components/delete-toast';
import { DepotFormDialog } from '../components/depot-form-dialog';
import { InactiveBadge } from '../components/inactive-badge';
import { ListPagination } from '../components/list-pagination';
import { ListToolbar } from '../components/list-toolbar';
import { QueryState } from '../components/query-state';
import { RowActions } from '../components/row-actions';
import { SettingsPanelHeader } from '../components/settings-panel-header';
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
  const deleting = useDialogTarget<Depot>();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const depots = query.data?.items ?? [];

  const confirmDelete = () => {
    const depot = deleting.target;
    if (!depot) return;
    remove.mutate(depot.id, {
      onSuccess: (result) => {
        notifyDeleteResult('Depot', result);
        deleting.close();
      },
      onError: (error) => {
        setDeleteError(errorMessage(error, 'Failed to delete depot'));
        notifySettingsFailure('Depot', 'delete', error);
      },
    });
  };

  const reactivate = (depot: Depot) =>
    update.mutate(
      { id: depot.id, input: { name: depot.name, address: depot.address, isActive: 1 } },
      {
        onSuccess: () => notifySettingsSuccess('Depot', 'update'),
        onError: (error) => notifySettingsFailure('Depot', 'update', error),
      },
    );

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => form.open()}>
      Add Depot
    </Button>
  );

  return (
    <>
      <SettingsPanelHeader
        title="Depots"
        description="Where vehicles are kept and where jobs start and end"
        actions={addButton}
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
                    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                      {d.address ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      name={d.name}
                      onEdit={() => form.open(d)}
                      onDelete={
                        inactive
                          ? undefined
                          : () => {
                              setDeleteError(null);
                              deleting.open(d);
                            }
                      }
                    >
                      {inactive && (
                        <Tooltip label="Reactivate">
                          <ActionIcon
                            aria-label={`Reactivate ${d.name}`}
                            onClick={() => reactivate(d)}
                            size="lg"
                            variant="subtle"
                            color="green"
                          >
                            <IconRestore size={18} aria-hidden="true" />
                          </ActionIcon>
                        </Tooltip>
                      )}
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
      <ConfirmDialog
        opened={deleting.opened}
        title="Delete depot?"
        message={
          <ConfirmMessage error={deleteError}>
            {`Delete "${deleting.target?.name ?? ''}"? A depot that vehicles or jobs use is deactivated instead, so their history stays intact.`}
          </ConfirmMessage>
        }
        confirmLabel="Delete"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={deleting.close}
        data-testid="depot-delete-dialog"
      />
    </>
  );
}
