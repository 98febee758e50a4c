import type { DocumentType } from '@dms/domain';
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { useDeleteDocumentType, useDocumentTypes, useSaveDocumentType } from '../api/compliance';
import { AddButton } from '../components/add-button';
import { DocumentTypeDialog } from '../components/document-type-dialog';
import { InactiveBadge } from '../components/inactive-badge';
import {
  ReactivatableRowActions,
  type ReactivatableRowHandlers,
} from '../components/reactivatable-row-actions';
import { SettingsPanelHeader } from '../components/settings-panel-header';
import { useReactivatableList } from '../components/use-reactivatable-list';

// The row actions of the ops forms lists speak 0/1 for isActive; document types answer booleans.
type Row = Omit<DocumentType, 'isActive'> & { isActive: 0 | 1; type: DocumentType };
const rowOf = (t: DocumentType): Row => ({ ...t, isActive: t.isActive ? 1 : 0, type: t });

function Flags({ t }: { t: Row }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="light" color={t.expires ? 'blue' : 'gray'}>
        {t.expires ? 'Expires' : 'Does not expire'}
      </Badge>
      {t.requiredForSchoolWork && (
        <Badge variant="light" color="grape">
          Required for school work
        </Badge>
      )}
    </Group>
  );
}

function TypesTable({ rows, ...actions }: ReactivatableRowHandlers<Row> & { rows: Row[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table data-testid="document-types-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="40%">Name</Table.Th>
            <Table.Th>Rules</Table.Th>
            <Table.Th w={150} style={{ textAlign: 'right' }}>
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((t) => (
            <Table.Tr key={t.id} data-testid="document-type-row" data-name={t.name}>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  <Text size="sm" fw={600}>
                    {t.name}
                  </Text>
                  {t.isActive === 1 ? null : <InactiveBadge data-testid="inactive-badge" />}
                </Group>
              </Table.Td>
              <Table.Td>
                <Flags t={t} />
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

function TypeCards({ rows, ...actions }: ReactivatableRowHandlers<Row> & { rows: Row[] }) {
  return (
    <Stack gap="sm" data-testid="document-types-table">
      {rows.map((t) => (
        <Paper key={t.id} withBorder p="sm" data-testid="document-type-row" data-name={t.name}>
          <Stack gap={6}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600}>
                {t.name}
              </Text>
              {t.isActive === 1 ? null : <InactiveBadge data-testid="inactive-badge" />}
            </Group>
            <Flags t={t} />
            <ReactivatableRowActions item={t} name={t.name} {...actions} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** /settings/drivers/document-types: the documents the operator asks drivers to hold (issue 26). */
export default function DocumentTypesPanel() {
  const query = useDocumentTypes();
  const save = useSaveDocumentType();
  const rows = (query.data ?? []).map(rowOf);
  const list = useReactivatableList<Row>({
    entity: 'Document type',
    // Drivers recorded it: it leaves their records' form and stays in their history.
    deactivatedTitle: 'Document type deactivated',
    update: {
      mutate: ({ id }, callbacks) => {
        const t = rows.find((r) => r.id === id)?.type;
        if (t) save.mutate({ id, input: { ...t, isActive: true } }, callbacks);
      },
      isPending: save.isPending,
      variables: save.variables?.id ? { id: save.variables.id } : undefined,
    },
    remove: useDeleteDocumentType(),
  });
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const addButton = <AddButton label="Add Document Type" onClick={() => list.form.open()} />;
  const { actions } = list;

  return (
    <>
      <SettingsPanelHeader
        title="Document Types"
        description="Documents drivers must hold beside their licence, medical and children check. Each driver's Compliance tab records them."
        actions={rows.length > 0 ? addButton : null}
      />
      <QueryState
        query={query}
        isEmpty={rows.length === 0}
        errorTitle="Could not load the document types"
        empty={
          <>
            <Text c="dimmed" ta="center">
              No document types yet. Add one (a first-aid certificate, for example) to record it for drivers.
            </Text>
            {addButton}
          </>
        }
      >
        {phone ? <TypeCards rows={rows} {...actions} /> : <TypesTable rows={rows} {...actions} />}
      </QueryState>

      <DocumentTypeDialog
        opened={list.form.opened}
        documentType={list.form.target?.type ?? null}
        onClose={list.form.close}
      />
      <ConfirmDialog
        opened={list.deleting.opened}
        title="Delete Document Type"
        message="Are you sure you want to delete this document type? A type drivers have recorded is deactivated instead, and their records are kept."
        confirmLabel="Delete"
        confirmColor="red"
        loading={list.deletePending}
        onConfirm={list.confirmDelete}
        onCancel={list.deleting.close}
        data-testid="delete-document-type-confirm"
      />
    </>
  );
}
