import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast/headless';
import { saveAddress, savedAddress } from '../../lib/storage';
import { type AddressValues, AddressSchema } from './address-schema';
import { CHECKOUT_MESSAGES } from './checkout-messages';

const BLANK: AddressValues = { firstname: '', lastname: '', address: '', other: '', country: '', state: '', city: '', pincode: '' };

/** The checkout's address form (spec §5): filled in with the address of the last visit, checked against the schema. */
export function useAddressForm() {
  const { register, handleSubmit, formState } = useForm<AddressValues>({
    resolver: zodResolver(AddressSchema),
    defaultValues: { ...BLANK, ...savedAddress<AddressValues>() },
  });
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
