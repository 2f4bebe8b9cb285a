import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import type { MailFilters } from '../api';
import { MailFilterBar } from './mail-filters';

const kinds = [{ value: 'invitation', label: 'Invitation' }];

describe('the filter bars', () => {
  it('merges a changed bound of the period into the current filters, and an emptied one is no filter', () => {
    const onChange = vi.fn<(filters: MailFilters) => void>();
    renderWithProviders(<MailFilterBar value={{ status: 'sent', to: '2025-02-01' }} onChange={onChange} kinds={kinds} />, {
      language: 'en',
    });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    expect(onChange).toHaveBeenLastCalledWith({ status: 'sent', from: '2025-01-01', to: '2025-02-01' });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ status: 'sent', to: undefined });
  });

  it('shows the current filters, and the reset clears them all', () => {
    const onChange = vi.fn<(filters: MailFilters) => void>();
    renderWithProviders(<MailFilterBar value={{ recipient: 'ada', from: '2025-01-01' }} onChange={onChange} kinds={kinds} />, {
      language: 'en',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Recipient').value).toBe('ada');
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2025-01-01');
    fireEvent.change(screen.getByLabelText('Recipient'), { target: { value: 'bob' } });
    expect(onChange).toHaveBeenLastCalledWith({ recipient: 'bob', from: '2025-01-01' });
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onChange).toHaveBeenLastCalledWith({});
  });
});
