import { afterEach, describe, expect, it } from 'vitest';
import { currentToast, dismissToast, subscribeToToasts, toast } from './toastStore';

afterEach(() => dismissToast());

describe('toast store', () => {
  it('shows one toast at a time: a newer one replaces the one showing', () => {
    toast({ title: 'Success!', description: 'Sent.' });
    const second = toast({ title: 'Error', description: 'Failed.', variant: 'destructive' });
    expect(currentToast()).toEqual({ id: second, title: 'Error', description: 'Failed.', variant: 'destructive' });
  });

  it('uses the default variant unless told otherwise', () => {
    toast({ title: 'Saved' });
    expect(currentToast()?.variant).toBe('default');
  });

  it('ignores a dismissal meant for a toast that was already replaced', () => {
    const first = toast({ title: 'First' });
    const second = toast({ title: 'Second' });
    dismissToast(first);
    expect(currentToast()?.id).toBe(second);
    dismissToast(second);
    expect(currentToast()).toBeNull();
  });

  it('tells subscribers about every change until they unsubscribe', () => {
    let calls = 0;
    const unsubscribe = subscribeToToasts(() => {
      calls += 1;
    });
    toast({ title: 'One' });
    dismissToast();
    unsubscribe();
    toast({ title: 'Two' });
    expect(calls).toBe(2);
  });
});
