import { type Invoice, invoiceTotals, toCents } from '@dms/domain';
import { ActionIcon, Button, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFormatters } from '../../../lib/use-formatters';

export interface DraftLine {
  key: string;
  description: string;
  quantity: number | string;
  unitPrice: number | string;
}

let nextKey = 0;
export const newLine = (l: Partial<DraftLine> = {}): DraftLine => ({
  key: `line-${nextKey++}`,
  description: '',
  quantity: 1,
  unitPrice: 0,
  ...l,
});

/** The draft's figures as the server will work them out (the same rules, in cents). */
export function draftTotals(lines: DraftLine[], invoice: Pick<Invoice, 'taxMode' | 'taxRate'>) {
  const usable = lines.map((l) => ({
    description: l.description,
    quantity: toCents(Number(l.quantity)) !== null && Number(l.quantity) > 0 ? Number(l.quantity) : 0,
    unitCents: toCents(Number(l.unitPrice)) ?? 0,
  }));
  return invoiceTotals(usable, invoice.taxMode, invoice.taxRate);
}

/** The lines of a draft: description, quantity and unit price per line, amounts worked out live. */
export function InvoiceLinesEditor({
  invoice,
  lines,
  onChange,
}: {
  invoice: Invoice;
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
}) {
  const format = useFormatters();
  const money = (cents: number) => format.jobMoney(cents / 100, invoice.currency);
  const totals = draftTotals(lines, invoice);
  const set = (key: string, patch: Partial<DraftLine>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={560}>
        <Table aria-label="Invoice lines" data-testid="lines-editor" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th w={90}>Qty</Table.Th>
              <Table.Th w={130}>Unit price</Table.Th>
              <Table.Th w={110} ta="right">
                Amount
              </Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l, i) => (
              <Table.Tr key={l.key} data-testid="line-row">
                <Table.Td>
                  <TextInput
                    aria-label={`Description of line ${i + 1}`}
                    value={l.description}
                    onChange={(e) => set(l.key, { description: e.currentTarget.value })}
                    error={l.description.trim() === '' ? 'Description is required' : undefined}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Quantity of line ${i + 1}`}
                    min={0.01}
                    decimalScale={2}
                    hideControls
                    value={l.quantity}
                    onChange={(v) => set(l.key, { quantity: v })}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Unit price of line ${i + 1}`}
                    decimalScale={2}
                    fixedDecimalScale
                    thousandSeparator=","
                    hideControls
                    value={l.unitPrice}
                    onChange={(v) => set(l.key, { unitPrice: v })}
                  />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{money(totals.lines[i]?.amountCents ?? 0)}</Text>
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove line ${i + 1}`}
                    disabled={lines.length === 1}
                    onClick={() => onChange(lines.filter((x) => x.key !== l.key))}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() => onChange([...lines, newLine()])}
        >
          Add line
        </Button>
      </Group>
    </Stack>
  );
}
