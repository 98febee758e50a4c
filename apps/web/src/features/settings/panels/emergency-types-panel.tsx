import type { EmergencyType } from '@dms/domain';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEdit, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { useDeleteEmergencyType, useEmergencyTypes, useUpdateEmergencyType } from '../api/ops-forms';
import { EmergencySeverityBadge } from '../components/emergency-severity-badge';
import { EmergencyTypeDialog } from '../components/emergency-type-dialog';
import { QueryState } from '../components/query-state';
import { SettingsPanelHeader } from '../components/settings-panel-header';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';

interface RowActions {
  onEdit: (t: EmergencyType) => void;
  onDelete: (t: EmergencyType) => void;
  onReactivate: (t: EmergencyType) => void;
  reactivatingId: string | null;
}

function Actions({
  type,
  onEdit,
  onDelete,
  onReactivate,
  reactivatingId,
}: RowActions & { type: EmergencyType }) {
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {type.isActive === 1 ? null : (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRestore size={14} aria-hidden="true" />}
          onClick={() => onReactivate(type)}
          loading={reactivatingId === type.id}
          aria-label={`Reactivate ${type.name}`}
        >
          Reactivate
        </Button>
      )}
      <Tooltip label="Edit">
        <ActionIcon size="lg" aria-label={`Edit ${type.name}`} onClick={() => onEdit(type)}>
          <IconEdit size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      {type.isActive === 1 ? (
        <Tooltip label="Delete">
          <ActionIcon size="lg" color="red" aria-label={`Delete ${type.name}`} onClick={() => onDelete(type)}>
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

function InactiveBadge({ type }: { type: EmergencyType }) {
  return type.isActive === 1 ? null : (
    <Badge variant="outline" color="gray" size="sm" data-testid="inactive-badge">
      Inactive
    </Badge>
  );
}

function TypesTable({ types, ...actions }: RowActions & { types: EmergencyType[] }) {
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
                  <InactiveBadge type={t} />
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
                <Actions type={t} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TypeCards({ types, ...actions }: RowActions & { types: EmergencyType[] }) {
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
                <InactiveBadge type={t} />
              </Group>
              <EmergencySeverityBadge severity={t.severity} />
            </Group>
            {t.description ? (
              <Text size="sm" c="dimmed">
                {t.description}
              </Text>
            ) : null}
            <Actions type={t} {...actions} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** /settings/ops-forms/emergency-alerts: emergency types (spec 2 §2.7 Ops forms). */
export default function EmergencyTypesPanel() {
  const query = useEmergencyTypes();
  const update = useUpdateEmergencyType();
  const remove = useDeleteEmergencyType();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [editing, setEditing] = useState<EmergencyType | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<EmergencyType | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const types = query.data ?? [];

  const openDialog = (type: EmergencyType | null) => {
    setEditing(type);
    setDialogOpen(true);
  };

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => openDialog(null)}>
      Add Emergency Type
    </Button>
  );

  const actions: RowActions = {
    onEdit: openDialog,
    onDelete: (t) => {
      setDeleting(t);
      setConfirmOpen(true);
    },
    onReactivate: (t) =>
      update.mutate(
        { id: t.id, changes: { isActive: 1 } },
        {
          onSuccess: () => notifySettingsSuccess('Emergency type', 'update'),
          onError: (error) => notifySettingsFailure('Emergency type', 'update', error, { fixed: true }),
        },
      ),
    reactivatingId: update.isPending ? (update.variables?.id ?? null) : null,
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (result) => {
        if (result.deactivated) {
          // Alerts were raised with it: it leaves the drivers' list and stays for the records.
          showToast({ tone: 'info', title: 'Emergency type deactivated', message: result.message });
        } else {
          notifySettingsSuccess('Emergency type', 'delete');
        }
        setConfirmOpen(false);
      },
      onError: (error) => {
        notifySettingsFailure('Emergency type', 'delete', error, { fixed: true });
        setConfirmOpen(false);
      },
    });
  };

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

      <EmergencyTypeDialog opened={dialogOpen} emergencyType={editing} onClose={() => setDialogOpen(false)} />
      <ConfirmDialog
        opened={confirmOpen}
        title="Delete Emergency Type"
        message="Are you sure you want to delete this emergency type?"
        confirmLabel="Delete"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmOpen(false)}
        data-testid="delete-emergency-type-confirm"
      />
    </>
  );
}
