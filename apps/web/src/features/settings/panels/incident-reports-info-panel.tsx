import { Badge, Group, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import {
  IconCategory,
  IconChartBar,
  IconCircleCheck,
  IconClipboardText,
  IconEye,
  IconSend,
} from '@tabler/icons-react';
import { FieldList, InfoCard, InfoNotice, OpenReportsButton } from '../components/ops-form-info';
import { SettingsPanelHeader } from '../components/settings-panel-header';

const INCIDENT_TYPES = [
  'Collision',
  'Property Damage',
  'Passenger Incident',
  'Near Miss',
  'Road Hazard',
  'Vehicle Defect',
  'Other',
] as const;

const STATUSES = [
  {
    label: 'Submitted',
    icon: IconSend,
    text: 'The driver has sent the report. Every new report starts here.',
  },
  { label: 'Under Review', icon: IconEye, text: 'A manager is looking into it.' },
  { label: 'Resolved', icon: IconCircleCheck, text: 'Dealt with and closed.' },
] as const;

const FIELDS = [
  { name: 'Incident type', detail: 'One of the types on this page', required: true },
  { name: 'Location', detail: 'Where it happened', required: true },
  { name: 'Description', detail: 'What happened, in the driver’s words', required: true },
  { name: 'Injuries', detail: 'Whether anyone was hurt, with details', required: false },
  { name: 'Police', detail: 'Whether the police were notified, with the report number', required: false },
  {
    name: 'Witnesses and damage',
    detail: 'Witness details and a description of any damage',
    required: false,
  },
  { name: 'Photos', detail: 'Photos of the scene or the damage', required: false },
];

/** /settings/ops-forms/incident-reports: informational (spec 2 §2.7 "Informational text"). */
export default function IncidentReportsInfoPanel() {
  return (
    <>
      <SettingsPanelHeader
        title="Incident Reports"
        description="What drivers report after an incident, and how reports are reviewed."
      />
      <InfoNotice>
        The incident report form has no settings to change. This page describes what drivers report and the
        review statuses.
      </InfoNotice>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <InfoCard
            icon={<IconCategory size={20} />}
            title="Incident types"
            description="The driver picks one when reporting."
          >
            <Group gap="xs" wrap="wrap" data-testid="incident-types">
              {INCIDENT_TYPES.map((type) => (
                <Badge key={type} variant="light" size="lg" radius="sm" style={{ textTransform: 'none' }}>
                  {type}
                </Badge>
              ))}
            </Group>
          </InfoCard>
          <InfoCard
            icon={<IconChartBar size={20} />}
            title="Review statuses"
            description="Managers follow each report in Reports, Incidents tab."
          >
            <Timeline active={0} bulletSize={26} lineWidth={2} data-testid="incident-statuses">
              {STATUSES.map(({ label, icon: Icon, text }) => (
                <Timeline.Item key={label} title={label} bullet={<Icon size={14} aria-hidden="true" />}>
                  <Text size="sm" c="dimmed">
                    {text}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </InfoCard>
        </SimpleGrid>
        <InfoCard
          icon={<IconClipboardText size={20} />}
          title="What drivers report"
          description="The incident report form on the driver terminal. It needs an active shift and is linked to the driver's current vehicle and shift."
        >
          <FieldList fields={FIELDS} caption="Fields of the incident report form" />
          <Group>
            <OpenReportsButton />
          </Group>
        </InfoCard>
      </Stack>
    </>
  );
}
