import type { EmergencyType } from '@dms/domain';
import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { useDeleteEmergencyType, useEmergencyTypes, useUpdateEmergencyType } from '../api/ops-forms';
import { AddButton } from '../components/add-button';
import { EmergencySeverityBadge } from '../components/emergency-severity-badge';
import { EmergencyTypeDialog } from '../components/emergency-type-dialog';
import { InactiveBadge } from '../components/inactive-badge';
import {
  ReactivatableRowActions,
  type ReactivatableRowHandlers,
} from '../components/reactivatable-row-actions';
import { SettingsPanelHeader } from '../components/settings-panel-header';
import { useReactivatableList } from '../components/use-reactivatable-list';

function TypesTable({
  types,
  ...actions
}: ReactivatableRowHandlers<EmergencyType> & { types: EmergencyType[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table data-testid="emergency-types-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="24%">Name</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th w={130}>Severity</Table.Th>
            <Table.Th w={150} style={{ textAlign: 'right' }}>
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {types.map((t) => (
            <Table.Tr
              key={t.id}
              data-testid="emergency-type-row"
              data-name={t.name}
              style={t.isActive === 1 ? undefined : { opacity: 0.7 }}
            >
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  <Text size="sm" fw={600}>
                    {t.name}
                  </Text>
                  {t.isActive === 1 ? null : <InactiveBadge data-testid="inactive-badge" />}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={t.description ? undefined : 'dimmed'}>
                  {t.description || 'No description'}
                </Text>
              </Table.Td>
              <Table.Td>
                <EmergencySeverityBadge severity={t.severity} />
              </Table.Td>
              <Table.Td>
                <ReactivatableRowActions item={t} name={t.name} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TypeCards({
  types,
  ...actions
}: ReactivatableRowHandlers<EmergencyType> & { types: EmergencyType[] }) {
  return (
    <Stack gap="sm" data-testid="emergency-types-table">
      {types.map((t) => (
        <Paper
          key={t.id}
          withBorder
          p="sm"
          data-testid="emergency-type-row"
          data-name={t.name}
          style={t.isActive === 1 ? undefined : { opacity: 0.75 }}
        >
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {t.name}
                </Text>
                {t.isActive === 1 ? null : <InactiveBadge data-testid="inactive-badge" />}
              </Group>
              <EmergencySeverityBadge severity={t.severity} />
            </Group>
            {t.description ? (
              <Text size="sm" c="dimmed">
                {t.description}
              </Text>
            ) : null}
            <ReactivatableRowActions item={t} name={t.name} {...actions} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** /settings/ops-forms/emergency-alerts: emergency types (spec 2 §2.7 Ops forms). */
export default function EmergencyTypesPanel() {
  const query = useEmergencyTypes();
  const list = useReactivatableList<EmergencyType>({
    entity: 'Emergency type',
    // Alerts were raised with it: it leaves the drivers' list and stays for the records.
    deactivatedTitle: 'Emergency type deactivated',
    update: useUpdateEmergencyType(),
    remove: useDeleteEmergencyType(),
  });
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const types = query.data ?? [];
  const addButton = <AddButton label="Add Emergency Type" onClick={() => list.form.open()} />;
  const { actions } = list;

  return (
    <>
      <SettingsPanelHeader
        title="Emergency Types"
        description="The emergencies drivers can raise from the terminal. Managers are alerted at once; high and critical ones are shown in red."
        actions={types.length > 0 ? addButton : null}
      />
      <QueryState
        query={query}
        isEmpty={types.length === 0}
        errorTitle="Could not load the emergency types"
        empty={
          <>
            <Text c="dimmed" ta="center">
              No emergency types yet. Drivers cannot raise an emergency alert until you add one.
            </Text>
            {addButton}
          </>
        }
      >
        {phone ? <TypeCards types={types} {...actions} /> : <TypesTable types={types} {...actions} />}
      </QueryState>

      <EmergencyTypeDialog
        opened={list.form.opened}
        emergencyType={list.form.target ?? null}
        onClose={list.form.close}
      />
      <ConfirmDialog
        opened={list.deleting.opened}
        title="Delete Emergency Type"
        message="Are you sure you want to delete this emergency type?"
        confirmLabel="Delete"
        confirmColor="red"
        loading={list.deletePending}
        onConfirm={list.confirmDelete}
        onCancel={list.deleting.close}
        data-testid="delete-emergency-type-confirm"
      />
    </>
  );
}
