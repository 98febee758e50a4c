import type { VehicleCategory } from '@dms/domain';
import { ColorSwatch, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { QueryState } from '../../../components/query-state';
import { useDeleteCategory, useVehicleCategories } from '../api/fleet';
import { OPTIONS_LIMIT } from '../api/list-page';
import { AddButton } from '../components/add-button';
import { CategoryFormDialog } from '../components/category-form-dialog';
import { DeleteConfirmDialog } from '../components/delete-confirm-dialog';
import { RowActions } from '../components/row-actions';
import { SettingsPanelHeader } from '../components/settings-panel-header';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useDialogTarget } from '../components/use-dialog-target';
import { notifySettingsSuccess } from '../settings-toasts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** /settings/vehicles/categories (spec 2 §2.7): name, colour and how many vehicles use each. */
export default function VehicleCategoriesPanel() {
  const query = useVehicleCategories({ limit: OPTIONS_LIMIT });
  const remove = useDeleteCategory();
  const form = useDialogTarget<VehicleCategory>();
  // The toast has the fixed text (spec 2 §8); the reason (e.g. vehicles still use it) stays in the dialog.
  const deleting = useConfirmedDelete<VehicleCategory, unknown>(remove, {
    entity: 'Category',
    onDeleted: () => notifySettingsSuccess('Category', 'delete'),
    fixed: true,
  });
  const categories = query.data?.items ?? [];

  return (
    <>
      <SettingsPanelHeader
        title="Vehicle Categories"
        description="Vehicle types used for quoting and for the vehicle slots of a job"
        actions={<AddButton label="Add Category" onClick={() => form.open()} />}
      />
      <QueryState query={query} isEmpty={categories.length === 0} empty="No vehicle categories yet.">
        <Table aria-label="Vehicle categories" data-testid="categories-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th visibleFrom="xs">Colour</Table.Th>
              <Table.Th>Licence</Table.Th>
              <Table.Th>Vehicles</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {categories.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <ColorSwatch color={c.color} size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
                    <Text size="sm" fw={500}>
                      {c.name}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="xs">
                  <Text size="sm" ff="monospace">
                    {c.color}
                  </Text>
                </Table.Td>
                <Table.Td>{c.requiredLicenceClass ?? 'Any'}</Table.Td>
                <Table.Td>{plural(c.vehicleCount, 'vehicle')}</Table.Td>
                <Table.Td>
                  <RowActions name={c.name} onEdit={() => form.open(c)} onDelete={() => deleting.open(c)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </QueryState>
      <CategoryFormDialog opened={form.opened} onClose={form.close} category={form.target} />
      <DeleteConfirmDialog
        remove={deleting}
        title="Delete category?"
        text={
          deleting.target && deleting.target.vehicleCount > 0
            ? `Delete "${deleting.target.name}"? It is used by ${plural(deleting.target.vehicleCount, 'vehicle')}; move them to another category first.`
            : `Delete "${deleting.target?.name ?? ''}"? This cannot be undone.`
        }
        data-testid="category-delete-dialog"
      />
    </>
  );
}
