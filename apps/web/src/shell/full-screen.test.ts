import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { isFullScreen, setFullScreen, useFullScreen } from './full-screen';

afterEach(() => setFullScreen(false));

describe('full-screen mode of the back offices', () => {
  it('tells every reader when a screen turns it on and off', () => {
    const { result } = renderHook(() => useFullScreen());
    expect(result.current).toBe(false);
    act(() => setFullScreen(true));
    expect(result.current).toBe(true);
    expect(isFullScreen()).toBe(true);
    act(() => setFullScreen(false));
    expect(result.current).toBe(false);
  });
});
