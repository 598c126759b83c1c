import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLayers } from './useLayers';

describe('useLayers', () => {
  it('starts every widget at layer 10 and puts the one brought forward above the rest', () => {
    const { result } = renderHook(() => useLayers());
    expect(result.current.layerOf('countdown1')).toBe(10);
    expect(result.current.layerOf('todo1')).toBe(10);

    act(() => result.current.bringToFront('todo1'));
    expect(result.current.layerOf('todo1')).toBe(11);
    expect(result.current.layerOf('countdown1')).toBe(10);

    act(() => result.current.bringToFront('countdown1'));
    expect(result.current.layerOf('countdown1')).toBe(12);

    act(() => result.current.bringToFront('todo1'));
    expect(result.current.layerOf('todo1')).toBe(13);
    expect(result.current.layerOf('countdown1')).toBe(12);
  });

  it('leaves the front widget where it is when it is pressed again', () => {
    const { result } = renderHook(() => useLayers());
    act(() => result.current.bringToFront('todo1'));
    act(() => result.current.bringToFront('todo1'));
    act(() => result.current.bringToFront('todo1'));
    expect(result.current.layerOf('todo1')).toBe(11);

    act(() => result.current.bringToFront('photo1'));
    expect(result.current.layerOf('photo1')).toBe(12);
  });
});
