import type { Vehicle, VehicleType } from '@dms/domain';
import { Button, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { useSubcontractors, useVehicles } from '../api/fleet';
import { ClearDefectDialog } from './clear-defect-dialog';
import { ListPagination } from './list-pagination';
import { ListToolbar } from './list-toolbar';
import { SettingsPanelHeader } from './settings-panel-header';
import { useListState } from './use-list-state';
import { useVehicleActions } from './vehicle-actions';
import { VehiclesTable } from './vehicles-table';

const PAGE_SIZE = 20;

const TEXT: Record<VehicleType, { title: string; description: string; empty: string; label: string }> = {
  company_owned: {
    title: 'Company Vehicles',
    description: 'The buses and coaches your company owns',
    empty: 'No company vehicles yet.',
    label: 'Company vehicles',
  },
  subcontracted: {
    title: 'Partner Vehicles',
    description: 'Vehicles supplied by your subcontractors',
    empty: 'No partner vehicles yet.',
    label: 'Partner vehicles',
  },
};

/** The company or partner vehicle panel: search, filters, the paged table and its dialogs. */
export function VehiclesManager({ type }: { type: VehicleType }) {
  const text = TEXT[type];
  const partner = type === 'subcontracted';
  const list = useListState(PAGE_SIZE);
  const [subcontractorId, setSubcontractorId] = useState<string | null>(null);
  const subcontractors = useSubcontractors(undefined, { enabled: partner });
  const query = useVehicles({ ...list.params, type, subcontractorId: subcontractorId ?? undefined });
  const actions = useVehicleActions({ type });
  const [defective, setDefective] = useState<Vehicle | null>(null);
  const vehicles = query.data?.items ?? [];
  const filtered = Boolean(list.search || subcontractorId);

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={actions.add}>
      Add Vehicle
    </Button>
  );

  return (
    <>
      <SettingsPanelHeader title={text.title} description={text.description} actions={addButton} />
      <ListToolbar
        searchLabel="Search vehicles"
        searchPlaceholder="Search registration, nickname or make"
        onSearch={list.setSearch}
        showInactive={list.showInactive}
        onShowInactiveChange={list.setShowInactive}
        filters={
          partner && (
            <Select
              aria-label="Filter by subcontractor"
              placeholder="All subcontractors"
              data={(subcontractors.data?.items ?? []).map((s) => ({ value: s.id, label: s.companyName }))}
              value={subcontractorId}
              onChange={(value) => {
                setSubcontractorId(value);
                list.setPage(1);
              }}
              clearable
              searchable
              w={{ base: '100%', xs: 240 }}
            />
          )
        }
      />
      <QueryState
        query={query}
        isEmpty={vehicles.length === 0}
        empty={filtered ? 'No vehicles match your search.' : text.empty}
      >
        <VehiclesTable
          vehicles={vehicles}
          label={text.label}
          showSubcontractor={partner}
          onEdit={actions.edit}
          onDelete={actions.remove}
          onReactivate={actions.reactivate}
          onClearDefect={setDefective}
        />
        <ListPagination
          total={query.data?.total ?? 0}
          page={list.page}
          pageSize={PAGE_SIZE}
          onChange={list.setPage}
          noun="vehicles"
        />
      </QueryState>
      {actions.dialogs}
      <ClearDefectDialog vehicle={defective} onClose={() => setDefective(null)} />
    </>
  );
}
