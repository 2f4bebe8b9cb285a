import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { Button } from '@mantine/core';
import { renderWithProviders } from '../test/render';
import { appState } from './app-state';
import { NeedsNetwork } from './needs-network';

const renderAction = () => renderWithProviders(<NeedsNetwork>{(offline) => <Button disabled={offline}>Envoyer</Button>}</NeedsNetwork>);

afterEach(() => appState.setOffline(false));

describe('NeedsNetwork', () => {
  it('offline, disables the action and gives the reason as text and as a tooltip', async () => {
    appState.setOffline(true);
    renderAction();
    expect((screen.getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement).disabled).toBe(true);
    const reason = 'Indisponible hors connexion : cette action demande le réseau.';
    expect(screen.getByTestId('offline-action').textContent).toContain(reason);
    fireEvent.mouseEnter(screen.getByTestId('offline-action'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(reason);
  });

  it('online, leaves the action as it is, and enables it again when the network is back', () => {
    appState.setOffline(true);
    renderAction();
    act(() => appState.setOffline(false));
    expect((screen.getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('offline-action')).toBeNull();
  });
});
