import { describe, expect, it } from 'vitest';
import { loadOnce } from './loadOnce';

describe('loadOnce: the form tools, loaded on first need', () => {
  it('loads once however often it is asked, and is at hand afterwards', async () => {
    let imports = 0;
    const tools = loadOnce(async () => ({ imported: ++imports }));
    expect(tools.current()).toBeUndefined();
    const [first, second] = await Promise.all([tools.load(), tools.load()]);
    expect(first).toBe(second);
    expect(tools.current()).toEqual({ imported: 1 });
    await tools.load();
    expect(imports).toBe(1);
  });

  it('tries again after a failed load (offline), rather than keeping the failure', async () => {
    let online = false;
    const tools = loadOnce(async () => {
      if (!online) throw new Error('Failed to fetch dynamically imported module');
      return 'tools';
    });
    await expect(tools.load()).rejects.toThrow('Failed to fetch');
    expect(tools.current()).toBeUndefined();
    online = true;
    expect(await tools.load()).toBe('tools');
  });
});
