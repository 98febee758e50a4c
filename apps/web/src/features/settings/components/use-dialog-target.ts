import { useState } from 'react';

/**
 * Whether a dialog is open and what it is about. The target outlives the closing so that the dialog
 * keeps its title and text while it fades out.
 */
export function useDialogTarget<T>() {
  const [state, setState] = useState<{ opened: boolean; target?: T }>({ opened: false });
  return {
    opened: state.opened,
    target: state.target,
    open: (target?: T) => setState({ opened: true, target }),
    close: () => setState((current) => ({ ...current, opened: false })),
  };
}
