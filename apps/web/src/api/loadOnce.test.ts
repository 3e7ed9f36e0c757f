import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './loadOnce.ts';

describe('loadOnce', () => {
  it('loads once for every caller, then has the module at hand', async () => {
    const importer = vi.fn(() => Promise.resolve({ name: 'rules' }));
    const m = loadOnce(importer);
    expect(m.loaded()).toBeNull();
    const [a, b] = await Promise.all([m.load(), m.load()]);
    expect(a).toBe(b);
    expect(await m.load()).toBe(a);
    expect(m.loaded()).toBe(a);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('a failed load is reported, reaches the caller, and the next call tries again', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const importer = vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce({ ok: true });
    const onError = vi.fn();
    const m = loadOnce(importer, onError);
    await expect(m.load()).rejects.toBe(failure);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(m.loaded()).toBeNull();
    expect(await m.load()).toEqual({ ok: true });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
