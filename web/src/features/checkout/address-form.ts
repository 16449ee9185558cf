import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast/headless';
import { saveAddress, savedAddress } from '../../lib/storage';
import { type AddressValues, AddressSchema } from './address-schema';
import { CHECKOUT_MESSAGES } from './checkout-messages';

const BLANK: AddressValues = {
  firstname: '',
  lastname: '',
  address: '',
  other: '',
  country: '',
  state: '',
  city: '',
  pincode: '',
  phone: '',
  gstin: '',
};

/**
 * The checkout's address form (spec §5): filled in with the address of the last visit, checked against the schema.
 * The courier's phone, when the shopper has not given one, is the mobile number of their profile once it is known.
 */
export function useAddressForm(profileMobile?: string | null) {
  const { register, handleSubmit, formState, getValues, getFieldState, setValue } = useForm<AddressValues>({
    resolver: zodResolver(AddressSchema),
    defaultValues: { ...BLANK, ...savedAddress<AddressValues>() },
  });
  useEffect(() => {
    if (profileMobile && !getValues('phone') && !getFieldState('phone').isDirty) setValue('phone', profileMobile);
  }, [profileMobile, getValues, getFieldState, setValue]);
  return {
    register,
    errors: formState.errors,
    handleSubmit,
    /** Continue to Shipping: checks the address and keeps it for the next visit. */
    saveForLater: handleSubmit((values) => {
      saveAddress(values);
      toast.success(CHECKOUT_MESSAGES.shippingAddressSaved);
    }),
  };
}
