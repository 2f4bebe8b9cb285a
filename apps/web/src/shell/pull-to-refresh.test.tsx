import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { isPullComplete, PullToRefresh } from './pull-to-refresh';

const touch = (clientY: number) => [{ clientY }] as unknown as TouchList;

function drag(from: number, to: number) {
  act(() => {
    fireEvent.touchStart(window, { touches: touch(from) });
    fireEvent.touchMove(window, { touches: touch(to) });
    fireEvent.touchEnd(window, { changedTouches: touch(to) });
  });
}

describe('pull-to-refresh', () => {
  afterEach(() => vi.useRealTimers());

  it('needs a quarter of the screen height', () => {
    expect(isPullComplete(199, 800)).toBe(false);
    expect(isPullComplete(200, 800)).toBe(true);
  });

  it('shows a spinner and reloads 0.5 s after a long enough drag from the top', () => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'ontouchstart', { value: null, configurable: true });
    window.innerHeight = 800;
    const reload = vi.fn();
    renderWithProviders(<PullToRefresh reload={reload} />);

    drag(10, 150);
    expect(screen.queryByRole('status')).toBeNull();

    drag(10, 230);
    expect(screen.getByRole('status', { name: 'Actualisation de la page' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(499));
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
