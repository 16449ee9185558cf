import { SHIPS_TO } from '@digitic/shop-rules/shipping';
import { render, screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { AddressFields } from './address-fields';
import type { AddressValues } from './address-schema';

function Form() {
  const { register, formState } = useForm<AddressValues>();
  return <AddressFields register={register} errors={formState.errors} />;
}

const options = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((o) => [(o as HTMLOptionElement).value, o.textContent]);

describe('the address fields', () => {
  it('offer where the shop ships, after a prompt, in the order of the shop rules', () => {
    render(<Form />);
    expect(options('Country')).toEqual([['', 'Select Country'], ...SHIPS_TO.countries.map((c) => [c, c])]);
    expect(options('State')).toEqual([['', 'Select State'], ...SHIPS_TO.states.map((s) => [s, s])]);
    expect(options('Country')).toEqual([
      ['', 'Select Country'],
      ['India', 'India'],
    ]);
    expect(options('State')).toEqual([
      ['', 'Select State'],
      ['Gujarat', 'Gujarat'],
    ]);
  });

  it('name each input as the spec does', () => {
    render(<Form />);
    for (const label of ['First Name', 'Last Name', 'Address', 'Apartment, Suite ,etc', 'City', 'Zipcode']) {
      expect(screen.getByPlaceholderText(label)).toHaveAccessibleName(label);
    }
  });
});
