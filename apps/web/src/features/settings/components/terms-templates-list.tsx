import type { TermsTemplate } from '@dms/domain';
import { ActionIcon, Badge, Button, Card, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { showToast } from '../../../lib/toast';
import { useDeleteTermsTemplate, useTermsTemplates, useUpdateTermsTemplate } from '../api/documents';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';
import { TermsTemplateDialog } from './terms-template-dialog';

/** The visible text of stored HTML, for a short excerpt. */
function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function TemplateRow({
  template,
  onEdit,
  onDelete,
  onMakeDefault,
  makingDefault,
}: {
  template: TermsTemplate;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
  makingDefault: boolean;
}) {
  const excerpt = useMemo(() => plainText(template.content), [template.content]);
  const isDefault = template.isDefault === 1;
  return (
    <Paper withBorder p="md" radius="md" data-testid="terms-template" data-name={template.name}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        {/* On a phone the actions wrap below the text instead of squeezing it. */}
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {template.name}
            </Text>
            {isDefault ? (
              <Badge size="sm" variant="light" color="brand" data-testid="default-badge">
                Default
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {excerpt}
          </Text>
        </Stack>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0, marginLeft: 'auto' }}>
          {!isDefault ? (
            <Tooltip label="Make default">
              <ActionIcon
                size="lg"
                aria-label={`Make "${template.name}" the default`}
                onClick={onMakeDefault}
                loading={makingDefault}
              >
                <IconStar size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          ) : null}
          <Tooltip label="Edit">
            <ActionIcon size="lg" aria-label={`Edit "${template.name}"`} onClick={onEdit}>
              <IconEdit size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon size="lg" color="red" aria-label={`Delete "${template.name}"`} onClick={onDelete}>
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

/** Terms & Conditions Templates under the quote settings (spec 2 §2.7 Documents). */
export function TermsTemplatesList() {
  const query = useTermsTemplates();
  const update = useUpdateTermsTemplate();
  const remove = useDeleteTermsTemplate();
  // The record stays set while a dialog closes, so that its text does not change during the transition.
  const [editing, setEditing] = useState<TermsTemplate | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<TermsTemplate | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const openDialog = (template: TermsTemplate | null) => {
    setEditing(template);
    setDialogOpen(true);
  };
  const templates = query.data ?? [];

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => openDialog(null)}>
      Add Template
    </Button>
  );

  const makeDefault = (template: TermsTemplate) =>
    update.mutate(
      { id: template.id, changes: { isDefault: 1 } },
      {
        onSuccess: () => notifySettingsSuccess('Template', 'update'),
        onError: (error) => notifySettingsFailure('Template', 'update', error, { fixed: true }),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySettingsSuccess('Template', 'delete');
        setConfirmOpen(false);
      },
      onError: () => {
        showToast({ tone: 'error', title: 'Error', message: 'Failed to delete template' });
        setConfirmOpen(false);
      },
    });
  };

  return (
    <Card
      padding="lg"
      component="section"
      aria-labelledby="terms-templates-title"
      data-testid="terms-templates"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ flex: 1, minWidth: 220 }}>
            <Title order={3} size="h5" id="terms-templates-title">
              Terms & Conditions Templates
            </Title>
            <Text size="sm" c="dimmed">
              Reusable terms for quotes. The default template is the starting text of new jobs.
            </Text>
          </Stack>
          {templates.length > 0 ? addButton : null}
        </Group>
        <QueryState
          query={query}
          isEmpty={templates.length === 0}
          skeletonRows={3}
          errorTitle="Could not load the templates"
          empty={
            <>
              <Text c="dimmed" ta="center">
                No templates yet
              </Text>
              {addButton}
            </>
          }
        >
          <Stack gap="sm">
            {templates.map((template) => (
              <TemplateRow
                key={template.id}
                template={template}
                onEdit={() => openDialog(template)}
                onDelete={() => {
                  setDeleting(template);
                  setConfirmOpen(true);
                }}
                onMakeDefault={() => makeDefault(template)}
                makingDefault={update.isPending && update.variables?.id === template.id}
              />
            ))}
          </Stack>
        </QueryState>
      </Stack>

      <TermsTemplateDialog opened={dialogOpen} template={editing} onClose={() => setDialogOpen(false)} />
      <ConfirmDialog
        opened={confirmOpen}
        title="Delete Template"
        message={deleting ? `Are you sure you want to delete "${deleting.name}"?` : ''}
        confirmLabel="Delete"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmOpen(false)}
        data-testid="delete-template-confirm"
      />
    </Card>
  );
}
