// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { PinKeypad } from './pin-keypad';

/** The keypad as the sign-in page holds it: the entry in state, submits reported. */
function Keypad({ onSubmit, disabled }: { onSubmit: (pin: string) => void; disabled?: boolean }) {
  const [pin, setPin] = useState('');
  return <PinKeypad value={pin} onChange={setPin} onSubmit={onSubmit} disabled={disabled} />;
}

const status = () => screen.getByTestId('pin-status');

describe('PinKeypad', () => {
  it('shows the ten digits, Clear and Enter as named buttons in a group', () => {
    renderWithApp(<Keypad onSubmit={() => {}} />);
    const group = screen.getByRole('group', { name: 'PIN keypad' });
    for (const digit of '0123456789') expect(screen.getByRole('button', { name: digit })).toBeInTheDocument();
    expect(group).toContainElement(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('button', { name: 'Enter' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    expect(status()).toHaveTextContent('0 of 4 digits entered');
  });

  it('counts the digits pressed and never shows them', async () => {
    const { user } = renderWithApp(<Keypad onSubmit={() => {}} />);
    await user.click(screen.getByTestId('key-7'));
    await user.click(screen.getByTestId('key-3'));
    expect(status()).toHaveTextContent('2 of 4 digits entered');
    expect(screen.queryByText(/73/)).toBeNull();
  });

  it('clears the entry', async () => {
    const { user } = renderWithApp(<Keypad onSubmit={() => {}} />);
    await user.click(screen.getByTestId('key-1'));
    await user.click(screen.getByTestId('key-2'));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(status()).toHaveTextContent('0 of 4 digits entered');
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });

  it('submits by itself at the fourth digit, once, and takes no fifth', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithApp(<Keypad onSubmit={onSubmit} />);
    for (const digit of '1234') await user.click(screen.getByTestId(`key-${digit}`));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('1234');
    await user.click(screen.getByTestId('key-5'));
    expect(status()).toHaveTextContent('4 of 4 digits entered');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // Enter sends the same PIN again (after a wrong PIN was answered, say).
    await user.click(screen.getByRole('button', { name: 'Enter' }));
    expect(onSubmit).toHaveBeenLastCalledWith('1234');
  });

  it('works from a keyboard: digits, Backspace, Escape and Enter', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithApp(<Keypad onSubmit={onSubmit} />);
    await user.keyboard('98');
    expect(status()).toHaveTextContent('2 of 4 digits entered');
    await user.keyboard('{Backspace}');
    expect(status()).toHaveTextContent('1 of 4 digits entered');
    await user.keyboard('{Escape}');
    expect(status()).toHaveTextContent('0 of 4 digits entered');
    await user.keyboard('a{Enter}');
    expect(status()).toHaveTextContent('0 of 4 digits entered');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('2468');
    expect(onSubmit).toHaveBeenCalledWith('2468');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('leaves typing in a text field alone', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithApp(
      <>
        <input aria-label="Other field" />
        <Keypad onSubmit={onSubmit} />
      </>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Other field' }), '1234');
    expect(status()).toHaveTextContent('0 of 4 digits entered');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('presses a focused key once with Enter, not as a submit too', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithApp(<Keypad onSubmit={onSubmit} />);
    screen.getByTestId('key-5').focus();
    await user.keyboard('{Enter}');
    expect(status()).toHaveTextContent('1 of 4 digits entered');
  });

  it('takes nothing while a sign-in is under way', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithApp(<Keypad onSubmit={onSubmit} disabled />);
    expect(screen.getByTestId('key-1')).toBeDisabled();
    await user.keyboard('1234');
    expect(status()).toHaveTextContent('0 of 4 digits entered');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
