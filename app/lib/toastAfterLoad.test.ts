import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/hooks/useToast';
import { loadWithToast } from './toastAcrossLoad';
import { showToastCarriedOver, TOAST_AFTER_LOAD_KEY } from './toastAfterLoad';

vi.mock('@/hooks/useToast', () => ({ toast: vi.fn() }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
  sessionStorage.clear();
});

describe('a toast carried over a page load', () => {
  it('is shown once on the next page, not on the one that leaves', () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    loadWithToast({ title: 'Success', description: 'Done' });
    expect(reload).toHaveBeenCalledOnce();
    expect(toast).not.toHaveBeenCalled();

    showToastCarriedOver();
    expect(toast).toHaveBeenCalledWith({ title: 'Success', description: 'Done' });
    showToastCarriedOver();
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('goes to a URL when given one', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    loadWithToast({ title: 'Account deleted', description: 'Gone.' }, '/?deleted=1');
    expect(assign).toHaveBeenCalledWith('/?deleted=1');
  });

  it('ignores a stored value that is not one of its notices', () => {
    sessionStorage.setItem(TOAST_AFTER_LOAD_KEY, '{not json');
    showToastCarriedOver();
    sessionStorage.setItem(TOAST_AFTER_LOAD_KEY, JSON.stringify({ title: 1 }));
    showToastCarriedOver();
    expect(toast).not.toHaveBeenCalled();
  });
});
