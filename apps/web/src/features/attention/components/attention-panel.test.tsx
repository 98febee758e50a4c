// @vitest-environment happy-dom
import type { AttentionItem } from '@dms/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { ATTENTION_PATH } from '../api';
import { AttentionPanel, PREVIEW_ITEMS, previewOf } from './attention-panel';

const item = (n: number, serious = false): AttentionItem => ({
  id: `a${n}`,
  kind: serious ? 'emergency' : 'late_clock_in',
  serious,
  title: `Item ${n}`,
  detail: null,
  raisedAt: new Date(Date.UTC(2026, 10, 29, 8, 60 - n)).toISOString(),
});

describe('previewOf', () => {
  it('keeps every serious item and fills the rest with the newest others, in order', () => {
    const items = [...Array.from({ length: 12 }, (_, i) => item(i + 1)), item(13, true)];
    const preview = previewOf(items);
    expect(preview).toHaveLength(PREVIEW_ITEMS);
    expect(preview.map((i) => i.id)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a13']);
  });

  it('never hides a serious item, however many there are', () => {
    const items = Array.from({ length: 10 }, (_, i) => item(i + 1, true));
    expect(previewOf([...items, item(11)])).toEqual(items);
  });
});

describe('AttentionPanel', () => {
  it('draws the preview, and the rest behind a button that says how many', async () => {
    const items = [...Array.from({ length: 11 }, (_, i) => item(i + 1)), item(12, true)];
    const { user } = renderWithApp(<AttentionPanel />, {
      data: [[[ATTENTION_PATH], { items, open: 12 }]],
    });
    const list = await screen.findByRole('list', { name: 'Items needing attention' });
    expect(within(list).getAllByTestId('attention-item')).toHaveLength(8);
    expect(within(list).getByText('Item 12')).toBeInTheDocument();
    expect(screen.getByTestId('attention-showing')).toHaveTextContent('Showing 8 of 12');
    const more = screen.getByRole('button', { name: 'Show 4 more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(list).getAllByTestId('attention-item')).toHaveLength(12);
    expect(screen.queryByTestId('attention-showing')).not.toBeInTheDocument();
    const fewer = screen.getByRole('button', { name: 'Show fewer' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await user.click(fewer);
    expect(within(list).getAllByTestId('attention-item')).toHaveLength(8);
  });

  it('says when the server sent only the newest of the open items', async () => {
    const items = Array.from({ length: 3 }, (_, i) => item(i + 1));
    renderWithApp(<AttentionPanel />, { data: [[[ATTENTION_PATH], { items, open: 60 }]] });
    expect(await screen.findByTestId('attention-showing')).toHaveTextContent('Showing the newest 3 of 60');
  });

  it('offers no button when everything fits', async () => {
    renderWithApp(<AttentionPanel />, { data: [[[ATTENTION_PATH], { items: [item(1), item(2)], open: 2 }]] });
    expect(await screen.findAllByTestId('attention-item')).toHaveLength(2);
    expect(screen.queryByTestId('attention-more')).not.toBeInTheDocument();
  });
});
