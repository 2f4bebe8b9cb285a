import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { UserInfo } from '@lea/shared';
import { renderWithProviders } from '../../../test/render';
import { ProfileSummaryCard } from './profile-summary-card';

/** The answer of GET /app/user/info/{id} to a triad partner (features/profile/user-info.ts on the server). */
const summary = UserInfo.parse({
  summary: true,
  id: 4,
  firstName: 'Julien',
  lastName: 'Bernard',
  fullName: 'Julien Bernard',
  photo: null,
  type: 'tutor',
});

describe('ProfileSummaryCard', () => {
  it('shows the name and the role, and says the contact details stay private', () => {
    if (!('summary' in summary)) throw new Error('the contract read a summary as a whole profile');
    renderWithProviders(<ProfileSummaryCard user={summary} />);
    expect(screen.getByRole('heading', { name: 'Julien Bernard' })).toBeTruthy();
    expect(screen.getByText('Tuteur pédagogique')).toBeTruthy();
    expect(screen.getByText(/leurs coordonnées restent privées/)).toBeTruthy();
    expect(screen.queryByText(/@/)).toBeNull();
  });
});
