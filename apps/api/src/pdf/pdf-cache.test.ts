import { describe, expect, it } from 'vitest';
import { createPdfCache } from './pdf-cache';
import type { JobPdfInput } from './pdf-input';

const input = (title: string) => ({ job: { title }, settings: {}, logo: null }) as unknown as JobPdfInput;

describe('PDF cache', () => {
  it('renders a document once while nothing it is drawn from changes', async () => {
    const cache = createPdfCache();
    let renders = 0;
    const render = async () => Buffer.from(`pdf ${++renders}`);
    const first = await cache('quote', input('Zoo trip'), '2026-03-02', render);
    const again = await cache('quote', input('Zoo trip'), '2026-03-02', render);
    expect(again).toBe(first);
    expect(renders).toBe(1);
  });

  it('renders again for another job, another kind, another day or after a failure', async () => {
    const cache = createPdfCache();
    let renders = 0;
    const render = async () => Buffer.from(`pdf ${++renders}`);
    await cache('quote', input('Zoo trip'), '2026-03-02', render);
    await cache('quote', input('Museum trip'), '2026-03-02', render);
    await cache('jobsheet', input('Zoo trip'), '2026-03-02', render);
    await cache('quote', input('Zoo trip'), '2026-03-03', render);
    expect(renders).toBe(4);

    const failing = async () => {
      throw new Error('font missing');
    };
    await expect(cache('quote', input('Ferry'), '2026-03-02', failing)).rejects.toThrow('font missing');
    expect(String(await cache('quote', input('Ferry'), '2026-03-02', render))).toBe('pdf 5');
  });

  it('keeps only the most recently used documents', async () => {
    const cache = createPdfCache(2);
    let renders = 0;
    const render = async () => Buffer.from(`pdf ${++renders}`);
    await cache('quote', input('a'), 'd', render);
    await cache('quote', input('b'), 'd', render);
    await cache('quote', input('a'), 'd', render);
    await cache('quote', input('c'), 'd', render);
    await cache('quote', input('a'), 'd', render);
    expect(renders).toBe(3);
    await cache('quote', input('b'), 'd', render);
    expect(renders).toBe(4);
  });
});
