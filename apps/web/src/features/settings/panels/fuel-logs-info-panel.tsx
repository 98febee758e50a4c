import { Badge, Group, List, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartBar, IconCheck, IconClipboardText, IconClockPlay } from '@tabler/icons-react';
import { FieldList, InfoCard, InfoNotice, OpenReportsButton } from '../components/ops-form-info';
import { SettingsPanelHeader } from '../components/settings-panel-header';

const FUEL_TYPES = ['Diesel', 'Petrol', 'LPG', 'CNG'] as const;

const FIELDS = [
  {
    name: 'Odometer reading',
    detail: 'Kilometres shown on the odometer at the fill-up (km)',
    required: true,
  },
  { name: 'Litres added', detail: 'Fuel added, in litres (decimals allowed)', required: true },
  {
    name: 'Fuel type',
    detail: (
      <Group gap={4} component="span" wrap="wrap">
        {FUEL_TYPES.map((type) => (
          <Badge
            key={type}
            variant={type === 'Diesel' ? 'filled' : 'light'}
            size="sm"
            component="span"
            style={{ textTransform: 'none' }}
          >
            {type}
            {type === 'Diesel' ? ' (default)' : ''}
          </Badge>
        ))}
      </Group>
    ),
    required: true,
  },
  { name: 'Location', detail: 'Where the vehicle was refuelled, e.g. the service station', required: true },
  { name: 'Receipt photo', detail: 'A photo of the fuel receipt', required: false },
  { name: 'Notes', detail: 'Anything the office should know', required: false },
];

const RULES = [
  'Only during an active shift: the Fuel/Odometer action on the terminal needs the driver to be clocked in.',
  "Linked automatically to the driver's current vehicle and shift; the driver does not choose them.",
  'The date and time of the entry are recorded when it is submitted.',
];

/** /settings/ops-forms/fuel-logs: informational (spec 2 §2.7 "Informational text"). */
export default function FuelLogsInfoPanel() {
  return (
    <>
      <SettingsPanelHeader
        title="Fuel Logs"
        description="How drivers record fuel and odometer readings, and where you review them."
      />
      <InfoNotice>
        The fuel log form has no settings to change. This page describes what drivers record.
      </InfoNotice>
      <Stack gap="lg">
        <InfoCard
          icon={<IconClipboardText size={20} />}
          title="What drivers record"
          description="The fuel log form on the driver terminal (Fuel/Odometer)."
        >
          <FieldList fields={FIELDS} caption="Fields of the fuel log form" />
        </InfoCard>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <InfoCard icon={<IconClockPlay size={20} />} title="When drivers can log fuel">
            <List
              spacing="xs"
              size="sm"
              icon={
                <ThemeIcon size={20} radius="xl" variant="light" color="green" aria-hidden="true">
                  <IconCheck size={12} />
                </ThemeIcon>
              }
            >
              {RULES.map((rule) => (
                <List.Item key={rule}>{rule}</List.Item>
              ))}
            </List>
          </InfoCard>
          <InfoCard icon={<IconChartBar size={20} />} title="Where to review them">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                Reports, Fuel Logs tab: date and time, driver, vehicle, odometer (km), litres, fuel type and
                location of every entry.
              </Text>
              <OpenReportsButton />
            </Stack>
          </InfoCard>
        </SimpleGrid>
      </Stack>
    </>
  );
}
