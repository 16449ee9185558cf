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
export function AddressFields({ register, errors: e }: { register: UseFormRegister<AddressValues>; errors: FieldErrors<AddressValues> }) {
  return (
    <>
      <ShipsToChoice error={e.country?.message} {...register('country')} />
      <div className="two">
        <FormField
          label={CHECKOUT_MESSAGES.firstNameLabel}
          autoComplete="given-name"
          error={e.firstname?.message}
          {...register('firstname')}
        />
        <FormField
          label={CHECKOUT_MESSAGES.lastNameLabel}
          autoComplete="family-name"
          error={e.lastname?.message}
          {...register('lastname')}
        />
      </div>
      <FormField label={CHECKOUT_MESSAGES.addressLabel} autoComplete="street-address" error={e.address?.message} {...register('address')} />
      <FormField label={CHECKOUT_MESSAGES.apartmentLabel} error={e.other?.message} {...register('other')} />
      <div className="three">
        <FormField label={CHECKOUT_MESSAGES.cityLabel} autoComplete="address-level2" error={e.city?.message} {...register('city')} />
        <ShipsToChoice error={e.state?.message} {...register('state')} />
        <FormField
          label={CHECKOUT_MESSAGES.zipcodeLabel}
          inputMode="numeric"
          autoComplete="postal-code"
          error={e.pincode?.message}
          {...register('pincode')}
        />
      </div>
      <FormField
        label={CHECKOUT_MESSAGES.phoneLabel}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        error={e.phone?.message}
        {...register('phone')}
      />
      <FormField
        label={CHECKOUT_MESSAGES.gstinLabel}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        error={e.gstin?.message}
        {...register('gstin')}
      />
    </>
  );
}
