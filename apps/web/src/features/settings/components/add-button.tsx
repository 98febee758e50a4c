import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** The 'Add …' button of a settings panel. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={onClick}>
      {label}
    </Button>
  );
}
