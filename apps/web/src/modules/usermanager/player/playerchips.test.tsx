// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { currentQuery, renderScreen } from '../../../kit/test/setup';
import PlayerChipsScreen from './playerchips';

afterEach(() => cleanup());

describe('/usermanager/playerchips', () => {
  it('opens the player detail for the uid entered, and asks for one first', async () => {
    renderScreen(<PlayerChipsScreen />, '/usermanager/playerchips');
    expect(screen.getByText('UID')).toBeTruthy(); // the shared player id label
    fireEvent.click(screen.getByRole('button', { name: 'Open the player' }));
    expect(await screen.findByText('Enter a player uid (a whole number from 1)')).toBeTruthy();
    fireEvent.change(screen.getByRole('spinbutton'), { target: { value: '1001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the player' }));
    await waitFor(() => expect(currentQuery()).toEqual({ player: '1001' }));
  });
});
