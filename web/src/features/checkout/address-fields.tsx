import type { ComponentProps } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SHIPS_TO } from '@digitic/shop-rules/shipping';
import { FormField } from '../../components/form-field';
import type { AddressValues } from './address-schema';
import { CHECKOUT_MESSAGES } from './checkout-messages';

/** The choices of where the shop ships: the shop rules' countries and states, after a prompt to choose. */
const SHIPS_TO_CHOICES = {
  country: { label: CHECKOUT_MESSAGES.countryLabel, prompt: CHECKOUT_MESSAGES.selectCountry, options: SHIPS_TO.countries },
  state: { label: CHECKOUT_MESSAGES.stateLabel, prompt: CHECKOUT_MESSAGES.selectState, options: SHIPS_TO.states },
} as const;

interface ChoiceProps extends ComponentProps<'select'> {
  name: keyof typeof SHIPS_TO_CHOICES;
  error: string | undefined;
}

/** A labelled choice among where the shop ships, with its validation message below it. */
function ShipsToChoice({ error, ...select }: ChoiceProps) {
  const { label, prompt, options } = SHIPS_TO_CHOICES[select.name];
  return (
    <div className="field">
      <label htmlFor={select.name} className="visually-hidden">
        {label}
      </label>
      <select id={select.name} aria-invalid={Boolean(error)} {...select}>
        <option value="">{prompt}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <p className="field-error">{error}</p>
    </div>
  );
}

/** The checkout's shipping address inputs (spec §5); the country and state offered are where the shop ships. */
export function AddressFields({ register, errors }: { register: UseFormRegister<AddressValues>; errors: FieldErrors<AddressValues> }) {
  const field = <N extends keyof AddressValues>(name: N) => ({ ...register(name), name, error: errors[name]?.message });
  return (
    <>
      <ShipsToChoice {...field('country')} />
      <div className="two">
        <FormField label={CHECKOUT_MESSAGES.firstNameLabel} autoComplete="given-name" {...field('firstname')} />
        <FormField label={CHECKOUT_MESSAGES.lastNameLabel} autoComplete="family-name" {...field('lastname')} />
      </div>
      <FormField label={CHECKOUT_MESSAGES.addressLabel} autoComplete="street-address" {...field('address')} />
      <FormField label={CHECKOUT_MESSAGES.apartmentLabel} {...field('other')} />
      <div className="three">
        <FormField label={CHECKOUT_MESSAGES.cityLabel} autoComplete="address-level2" {...field('city')} />
        <ShipsToChoice {...field('state')} />
        <FormField label={CHECKOUT_MESSAGES.zipcodeLabel} inputMode="numeric" autoComplete="postal-code" {...field('pincode')} />
      </div>
      <FormField label={CHECKOUT_MESSAGES.phoneLabel} type="tel" inputMode="tel" autoComplete="tel" {...field('phone')} />
      <FormField
        label={CHECKOUT_MESSAGES.gstinLabel}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        {...field('gstin')}
      />
    </>
  );
}
