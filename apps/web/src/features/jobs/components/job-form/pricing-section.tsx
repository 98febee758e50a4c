import { DEFAULT_CURRENCY, TAX_MODES, type TaxMode } from '@dms/domain';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFormatters } from '../../../../lib/use-formatters';
import {
  type Adjustment,
  type AdjustmentList,
  addAdjustment,
  num,
  priceOf,
  removeAdjustment,
  setField,
  showsTaxRate,
  updateAdjustment,
} from '../../job-form-state';
import { FormSection, type JobFormSectionProps } from './form-section';

/** Pricing (optional): base price, charges, discounts, tax, and the breakdown as it will be stored. */
export function PricingSection({ state, onChange, errors }: JobFormSectionProps) {
  const format = useFormatters();
  const price = priceOf(state);
  const money = (n: number) => format.jobMoney(n, state.currency || DEFAULT_CURRENCY);
  return (
    <FormSection title="Pricing">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label={`Base price (${state.currency})`}
          min={0}
          step={0.01}
          decimalScale={2}
          value={state.basePrice}
          onChange={(v) => onChange(setField('basePrice', v))}
          error={errors.basePrice}
        />
        <Select
          label="Tax"
          data={TAX_MODES.map((m) => ({
            value: m,
            label: m === 'none' ? 'No tax' : m === 'inclusive' ? 'Inclusive' : 'Exclusive',
          }))}
          value={state.taxMode}
          allowDeselect={false}
          onChange={(v) => onChange(setField('taxMode', (v ?? 'inclusive') as TaxMode))}
        />
        {showsTaxRate(state) && (
          <NumberInput
            label="Tax rate (%)"
            min={0}
            max={100}
            step={0.5}
            value={state.taxRate}
            onChange={(v) => onChange(setField('taxRate', v))}
            error={errors.taxRate}
          />
        )}
      </SimpleGrid>
      <AdjustmentRows list="extraCharges" label="Additional charges" noun="charge" {...{ state, onChange }} />
      <AdjustmentRows list="discounts" label="Discounts" noun="discount" {...{ state, onChange }} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Currency"
          value={state.currency}
          maxLength={3}
          onChange={(e) => onChange(setField('currency', e.currentTarget.value.toUpperCase()))}
          error={errors.currency}
        />
        <Textarea
          label="Pricing notes"
          autosize
          value={state.pricingNotes}
          onChange={(e) => onChange(setField('pricingNotes', e.currentTarget.value))}
        />
      </SimpleGrid>
      <Table withRowBorders={false} aria-label="Price breakdown" data-testid="price-breakdown" maw={420}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Subtotal</Table.Td>
            <Table.Td ta="right" data-testid="price-subtotal">
              {money(price.subtotal)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              Tax {state.taxMode === 'none' ? '' : `(${state.taxMode}, ${num(state.taxRate)}%)`}
            </Table.Td>
            <Table.Td ta="right" data-testid="price-tax">
              {money(price.taxAmount)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>Total</Table.Td>
            <Table.Td ta="right" fw={700} data-testid="price-total">
              {money(price.totalPrice)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </FormSection>
  );
}

/** Additional charges or discounts: rows of description, amount and type, added and removed. */
function AdjustmentRows({
  list,
  label,
  noun,
  state,
  onChange,
}: Pick<JobFormSectionProps, 'state' | 'onChange'> & { list: AdjustmentList; label: string; noun: string }) {
  const rows = state[list];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() => onChange(addAdjustment(list))}
        >
          Add {noun}
        </Button>
      </Group>
      {rows.map((row, i) => (
        <Group key={row.key} gap="xs" wrap="wrap" align="flex-end">
          <TextInput
            label="Description"
            value={row.description}
            onChange={(e) => onChange(updateAdjustment(list, i, { description: e.currentTarget.value }))}
            style={{ flex: 2, minWidth: 160 }}
          />
          <NumberInput
            label={row.type === 'percentage' ? 'Percent' : `Amount (${state.currency})`}
            value={row.amount}
            min={0}
            step={0.01}
            decimalScale={2}
            onChange={(v) => onChange(updateAdjustment(list, i, { amount: v }))}
            style={{ flex: 1, minWidth: 110 }}
          />
          <Select
            label="Type"
            data={[
              { value: 'fixed', label: 'Fixed' },
              { value: 'percentage', label: 'Percentage' },
            ]}
            value={row.type}
            allowDeselect={false}
            onChange={(v) =>
              onChange(updateAdjustment(list, i, { type: (v ?? 'fixed') as Adjustment['type'] }))
            }
            w={140}
          />
          <ActionIcon
            size="lg"
            color="red"
            variant="subtle"
            aria-label={`Remove ${noun} ${i + 1}`}
            onClick={() => onChange(removeAdjustment(list, i))}
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
